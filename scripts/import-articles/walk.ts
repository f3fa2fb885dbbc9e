// The files under the paths given, one at a time: folders are read entry by
// entry (fs.opendir), so a folder of 100,000 articles costs one open directory
// per level of nesting, never a list of its files. Nothing is read here but
// directory entries.
import { opendir, stat } from 'node:fs/promises';
import path from 'node:path';

export type Entry =
  | { kind: 'file'; path: string }
  /** Inside a folder: dot-files and dot-folders (.git, .DS_Store), symbolic links (not followed: no cycles), sockets and devices. */
  | { kind: 'skipped'; path: string; why: SkipReason };
export type SkipReason = 'hidden' | 'symlink' | 'special';

/** Paths that do not exist or cannot be looked at, each with one sentence; empty when all are there. */
export async function missingPaths(paths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const p of paths) {
    try {
      const s = await stat(p);
      if (!s.isFile() && !s.isDirectory()) problems.push(`${p} is neither a file nor a folder.`);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      problems.push(code === 'ENOENT' ? `There is no file or folder ${p}.` : `${p} cannot be read (${code ?? String(e)}).`);
    }
  }
  return problems;
}

/** Every file under `paths`, in directory order. A path named on the command line is followed even when it is a link. */
export async function* walkPaths(paths: readonly string[]): AsyncGenerator<Entry> {
  for (const p of paths) {
    const s = await stat(p);
    if (s.isDirectory()) yield* walkFolder(p);
    else if (s.isFile()) yield { kind: 'file', path: p };
    else yield { kind: 'skipped', path: p, why: 'special' };
  }
}

async function* walkFolder(folder: string): AsyncGenerator<Entry> {
  // `for await` over a Dir reads a few entries at a time and closes it at the end (or on break).
  for await (const entry of await opendir(folder)) {
    const full = path.join(folder, entry.name);
    if (entry.name.startsWith('.')) yield { kind: 'skipped', path: full, why: 'hidden' };
    else if (entry.isDirectory()) yield* walkFolder(full);
    else if (entry.isFile()) yield { kind: 'file', path: full };
    else yield { kind: 'skipped', path: full, why: entry.isSymbolicLink() ? 'symlink' : 'special' };
  }
}
