// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isBuildStale } from '../../server/build-check';

const root = mkdtempSync(join(tmpdir(), 'storefront-project-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const at = (iso: string) => new Date(iso);

describe('isBuildStale (npm start decides whether to run vite build)', () => {
  const dist = join(root, 'dist');
  const source = join(root, 'src', 'pages', 'Home.tsx');

  it('is stale while there is no built index.html', () => {
    mkdirSync(join(root, 'src', 'pages'), { recursive: true });
    writeFileSync(source, 'export {}');
    writeFileSync(join(root, 'index.html'), '<div id="root"></div>');
    expect(isBuildStale(dist, root)).toBe(true);
  });

  it('is fresh when the build is newer than every source', () => {
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), 'built');
    for (const path of [source, join(root, 'src', 'pages'), join(root, 'src'), join(root, 'index.html')]) {
      utimesSync(path, at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'));
    }
    utimesSync(join(dist, 'index.html'), at('2026-01-02T00:00:00Z'), at('2026-01-02T00:00:00Z'));
    expect(isBuildStale(dist, root)).toBe(false);
  });

  it('is stale when a file deep under src/ changed after the build', () => {
    utimesSync(source, at('2026-01-03T00:00:00Z'), at('2026-01-03T00:00:00Z'));
    expect(isBuildStale(dist, root)).toBe(true);
  });

  it('is stale when a machine file changed after the build', () => {
    utimesSync(source, at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'));
    expect(isBuildStale(dist, root)).toBe(false);
    mkdirSync(join(root, 'machines'));
    writeFileSync(join(root, 'machines', 'auth.machine.ts'), 'export {}'); // written now: after the build
    expect(isBuildStale(dist, root)).toBe(true);
  });
});
