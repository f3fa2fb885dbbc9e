// Runs nginx in front of app servers with the deployment template
// (deploy/nginx.conf), as a child process with its own prefix directory under
// .data/: no system configuration is read or changed.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { vi } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const NGINX_TEMPLATE = path.join(ROOT, 'deploy/nginx.conf');
/** Response header the test configuration adds (not the template): which app server answered. */
export const UPSTREAM_HEADER = 'x-factdesk-upstream';

export type Nginx = { url: string; port: number; stop: () => Promise<void>; errorLog: () => string };

export function findNginx(): string {
  if (process.env.NGINX_PATH) return existsSync(process.env.NGINX_PATH) ? process.env.NGINX_PATH : fail();
  for (const c of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) if (existsSync(c)) return c;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || fail();
  } catch {
    return fail();
  }
}

function fail(): never {
  throw new Error(
    `nginx ${process.env.NGINX_PATH ? `was not found at NGINX_PATH=${process.env.NGINX_PATH}` : 'is not installed'}, and the load-balancer test needs it. Install it with:\n` +
      '    sudo apt-get install -y nginx\n' +
      '(or set NGINX_PATH to an nginx binary). .ci/run installs it when it is missing.',
  );
}

function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)) ?? [];
  if (matches.length === 0) throw new Error(`deploy/nginx.conf no longer has ${what}; update tests/support/nginx.ts`);
  return text.replace(pattern, replacement);
}

/** The template with only addresses replaced (plus the upstream header for the test). */
export function renderSiteConfig(options: { listen: string; upstreams: string[] }): string {
  let site = readFileSync(NGINX_TEMPLATE, 'utf8');
  site = replaceOnce(site, /^(\s*)listen 80;$/m, `$1listen ${options.listen};`, 'a "listen 80;" line');
  const servers = options.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n');
  site = replaceOnce(site, /(?:^\s*server 10\.0\.0\.\d+:3000 [^\n]*\n)+/m, `${servers}\n`, 'the example upstream servers');
  site = replaceOnce(
    site,
    /^(\s*)proxy_pass http:\/\/factdesk;$/m,
    `$1proxy_pass http://factdesk;\n$1add_header ${UPSTREAM_HEADER} $upstream_addr always;`,
    'proxy_pass',
  );
  return site;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

export async function startNginx(options: { port: number; upstreams: string[]; name: string }): Promise<Nginx> {
  const binary = findNginx();
  const dir = path.join(ROOT, `.data/reliability/nginx-${options.name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub), { recursive: true });
  writeFileSync(path.join(dir, 'factdesk.conf'), renderSiteConfig({ listen: `127.0.0.1:${options.port}`, upstreams: options.upstreams }));
  const asRoot = process.getuid?.() === 0;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      // As root, nginx would switch its workers to "nobody", who cannot use this directory.
      asRoot ? 'user root;' : '',
      'worker_processes 1;',
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t === 'client_body' ? 'body' : t};`),
      `  include ${dir}/factdesk.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  let output = '';
  const child: ChildProcess = spawn(
    binary,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', `daemon off; pid ${dir}/nginx.pid;`],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const errorLog = () => (existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '');
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output}\n${errorLog()}`);
      if (!(await portAnswers(options.port))) throw new Error(`nginx did not listen on ${options.port}:\n${output}\n${errorLog()}`);
    },
    { timeout: 10_000, interval: 100 },
  );
  return {
    url: `http://127.0.0.1:${options.port}`,
    port: options.port,
    errorLog,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* gone */
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
