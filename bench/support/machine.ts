// What the figures were measured on: date, machine, Node and the git commit.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    return line?.split(':')[1]?.trim() || os.cpus()[0]?.model || 'unknown CPU';
  } catch {
    return os.cpus()[0]?.model ?? 'unknown CPU';
  }
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

export function gitCommit(): string {
  const sha = git(['rev-parse', '--short=12', 'HEAD']) || 'unknown';
  // The figures a run writes into docs/BENCHMARKS.md are not a change of what was measured.
  return git(['status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)docs/BENCHMARKS.md']) ? `${sha} (with uncommitted changes)` : sha;
}

export function runStamp(): string {
  const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const mem = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${date} UTC · ${os.availableParallelism()} CPUs (nproc) · ${cpuModel()} · ${mem} GiB RAM · Node ${process.version} · commit ${gitCommit()}`;
}
