import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_SOURCES, SERVER_SOURCES, isStale } from '#scripts/build-check.mjs';

const root = mkdtempSync(join(tmpdir(), 'storefront-project-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const at = (iso: string) => new Date(iso);

describe('isStale (npm start decides whether to build the browser app)', () => {
  const isBuildStale = (dist: string, at: string) => isStale(join(dist, 'index.html'), CLIENT_SOURCES, at);
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

describe('isStale (npm start decides whether to build the server)', () => {
  const project = join(root, 'server-project');
  const entry = join(project, 'dist-server', 'main.js');
  const stale = () => isStale(entry, SERVER_SOURCES, project);

  it('is stale without a built server, fresh after a build, stale again when shared code changes', () => {
    for (const folder of ['server', 'domain', 'machines', 'dist-server'])
      mkdirSync(join(project, folder), { recursive: true });
    writeFileSync(join(project, 'server', 'main.ts'), 'export {}');
    writeFileSync(join(project, 'domain', 'orders.ts'), 'export {}');
    for (const folder of ['server', 'domain', 'machines'])
      utimesSync(join(project, folder), at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'));
    for (const file of ['server/main.ts', 'domain/orders.ts'])
      utimesSync(join(project, file), at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'));
    expect(stale()).toBe(true);
    writeFileSync(entry, '// built');
    utimesSync(entry, at('2026-01-02T00:00:00Z'), at('2026-01-02T00:00:00Z'));
    expect(stale()).toBe(false);
    utimesSync(join(project, 'domain', 'orders.ts'), at('2026-01-03T00:00:00Z'), at('2026-01-03T00:00:00Z'));
    expect(stale()).toBe(true);
  });

  it('is stale when the installed packages change (package-lock.json)', () => {
    utimesSync(join(project, 'domain', 'orders.ts'), at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'));
    expect(stale()).toBe(false);
    writeFileSync(join(project, 'package-lock.json'), '{}'); // written now: after the build
    expect(stale()).toBe(true);
  });
});
