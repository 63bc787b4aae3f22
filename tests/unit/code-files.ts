/**
 * The repository's code files, listed for the checks that read them (sizes, imports, the server's shape, its
 * texts): one walk, so the checks never disagree on which files count.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** The folders that hold the product's and the tools' source; `tests/` is measured by its own limits. */
export const SOURCE_FOLDERS = ['server', 'src', 'machines', 'domain', 'toolkit', 'scripts'];

const CODE = /\.(ts|tsx|mjs)$/;

/** Every code file under a folder, as a path from the repository's root. */
export function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(path);
    return CODE.test(entry.name) ? [path] : [];
  });
}

export const readCode = (path: string) => readFileSync(join(root, path), 'utf8');
