/**
 * The map is the territory: docs/architecture.md's "Every folder" names each folder of the code a newcomer reads,
 * and names no folder that is gone.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['domain', 'machines', 'src', 'server'];
const root = join(import.meta.dirname, '..', '..');

function foldersUnder(folder: string): string[] {
  const below = readdirSync(join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => foldersUnder(`${folder}/${entry.name}`));
  return [folder, ...below];
}

function mappedFolders(): string[] {
  const text = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  const section = text.split('### Every folder')[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/^\| `([^`]+)\/` \|/gm)].map((match) => match[1]!);
}

describe('docs/architecture.md, "Every folder"', () => {
  it('names every folder of domain/, machines/, src/ and server/', () => {
    const mapped = new Set(mappedFolders());
    const missing = ROOTS.flatMap(foldersUnder).filter((folder) => !mapped.has(folder));
    expect(missing).toEqual([]);
  });

  it('names no folder that does not exist', () => {
    const existing = new Set(ROOTS.flatMap(foldersUnder));
    expect(mappedFolders().filter((folder) => !existing.has(folder))).toEqual([]);
  });
});
