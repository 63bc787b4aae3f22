/**
 * The code of the screen an address shows, named in the HTML the server answers (docs/performance.md,
 * Lighthouse): every screen but the landing page loads lazily (src/routes.tsx), and the browser would ask for
 * its code only once the first scripts had run. Named in the HTML (`<link rel="modulepreload">` and its
 * stylesheets), it is fetched beside them. The client's loader finds these tags and does not fetch again.
 *
 * Which source module each address shows is written here, beside the lazy imports of src/routes.tsx (a test
 * keeps the two the same); which files the build made of it, the build's manifest says. Only the screens a
 * visitor who is not signed in sees: an account page would send such a visitor to sign in, and its code would
 * have been fetched for nothing.
 */

/** The page modules a visitor may see at an address, as the build's manifest names them. */
export const PAGE_MODULES: readonly (readonly [RegExp, string])[] = [
  [/^\/signin$/, 'src/pages/Login.tsx'],
  [/^\/signup$/, 'src/pages/Register.tsx'],
  [/^\/forgot-password$/, 'src/pages/ForgotPassword.tsx'],
  [/^\/privacy-policy$/, 'src/pages/PrivacyPolicy.tsx'],
  [/^\/terms$/, 'src/pages/Terms.tsx'],
  [/^\/contact-us$/, 'src/pages/Contact.tsx'],
  [/^\/youth-project$/, 'src/pages/YouthProject.tsx'],
  [/^\/service\/[^/]+\/details$/, 'src/pages/ServiceDetails.tsx'],
  [/^\/booking\/[^/]+$/, 'src/pages/booking/BookingPage.tsx'],
  [/^\/not-found$/, 'src/pages/NotFound.tsx'],
];

/** What an address that is no page shows. */
export const NOT_FOUND_MODULE = 'src/pages/NotFound.tsx';

/** One entry of Vite's build manifest (dist/.vite/manifest.json): a source module and the files made of it. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function pageModuleFor(path: string): string | undefined {
  return PAGE_MODULES.find(([pattern]) => pattern.test(path))?.[1];
}

/** The manifest entries a module pulls in through static imports, itself first. */
function reachable(manifest: Manifest, from: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  from.forEach(visit);
  return [...seen];
}

/**
 * The tags that fetch a page module early: its chunk and the chunks it imports, then their stylesheets, leaving
 * out what index.html loads already (the files it names and everything they import). None for a module the
 * manifest does not know (a build without that page).
 */
export function preloadTags(manifest: Manifest, module: string, indexHtml: string): string[] {
  if (!manifest[module]) return [];
  const named = Object.keys(manifest).filter((key) => indexHtml.includes(`"/${manifest[key]!.file}"`));
  const loaded = new Set(reachable(manifest, named));
  const loadedCss = new Set([...loaded].flatMap((key) => manifest[key]!.css ?? []));
  const chunks = reachable(manifest, [module]).filter((key) => !loaded.has(key));
  const css = [...new Set(chunks.flatMap((key) => manifest[key]!.css ?? []))].filter((file) => !loadedCss.has(file));
  return [
    ...chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}" />`),
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
  ];
}
