/**
 * `npm run lighthouse`: Lighthouse 13 on every public page, as a desktop and as a phone, against the production build
 * served by the real server, with the targets checked (docs/performance.md).
 *
 * - The client (dist/) and the server (dist-server/) are built first when stale, as `npm start` does; the server runs
 *   in a process of its own, started as `npm start` starts it, on a free loopback port and a temporary DATA_DIR, with
 *   the IP geolocation lookup switched off (GEOLOCATION_URL=''): nothing here may leave the machine.
 * - Each run (10 pages × 2 form factors) gets a Chromium of its own (chrome-launcher, a fresh profile): a cold cache
 *   and an empty cookie jar every time, so that no run warms the next. Lighthouse's desktop config on the desktop, its
 *   default (a phone, simulated slow 4G and a 4× slower CPU) on mobile; simulated throttling both, Lighthouse's
 *   defaults.
 * - The site shows a splash for at least SPLASH_MINIMUM_MS after every page load (machines/appStart.machine.ts), and
 *   a cookie banner until the visitor chooses. The visitor measured here is a returning one who accepted cookies
 *   (the consent cookie is set before the load), and the run ends only once the splash and every spinner are gone:
 *   Lighthouse is handed a navigation that waits for the page itself, so its trace, its accessibility check and its
 *   SEO check all see the page the visitor came for, not the splash. Each run prints its LCP element so a reader
 *   can check that.
 * - What is scored is the page after the splash, not the product's chosen waits: the measuring browser runs the
 *   splash's and the service page's deliberate timers at once (skipDeliberateWaits), so the metrics are what the page
 *   itself costs to fetch, run and paint. A real visitor sees it those seconds later, by design (docs/performance.md).
 *   For the same reason the splash the page's HTML holds (decision 0036) is hidden until the app takes it over
 *   (withoutTheHtmlSplash): its title would otherwise be the largest paint on a page with no larger text (sign-in),
 *   and the splash, not the page, would be scored.
 *
 * Each page and form factor runs LIGHTHOUSE_RUNS times (5 unless set), and the run Lighthouse's `computeMedianRun`
 * picks is the one scored, as Lighthouse's variability guide advises. Prints one row per page and form factor with that
 * run's four category scores and LCP (observed, and simulated as scored) and every run's performance score, then every
 * target missed with the audits that cost points. Exits 1 when a target is missed. The reports
 * (HTML, and the JSON result) are left in reports/lighthouse/.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { type Artifacts, type Config, type Flags, type Result, desktopConfig, navigation } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer, { type Page } from 'puppeteer-core';
import { serviceSummaries } from '#domain/catalogue/summaries';
import { SPLASH_MINIMUM_MS, WELCOME_AFTER_MS } from '#machines/appStart.machine';
import { CONSENT_COOKIE, CONSENT_DAYS } from '#machines/consent.machine';
import { SERVICE_PAGE_MINIMUM_MS } from '#machines/serviceDetails.machine';
import { CLIENT_SOURCES, SERVER_SOURCES, isStale } from './build-check.mjs';
import { CHROMIUM_FLAGS } from './chromium-flags.mjs';
import { startCommand } from './start-command.mjs';

const HOST = '127.0.0.1';
// The same Chromium as the end-to-end suites (scripts/ensure-chromium.sh installs it when missing).
const CHROME_PATH = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium';
const REPORT_DIR = resolve('reports/lighthouse');

interface PublicPage {
  name: string;
  path: string;
  /** The 404 page: answered with status 404 and `noindex`, as a page that is not there must be. */
  notFound?: true;
}

/** The public pages. The services list is a section of the landing page (`#services`): it has no route of its own. */
const PAGES: ReadonlyArray<PublicPage> = [
  { name: 'landing', path: '/' },
  { name: 'services list', path: '/#services' },
  { name: 'service page', path: `/service/${serviceSummaries[0]!.id}/details` },
  { name: 'sign-in', path: '/signin' },
  { name: 'register', path: '/signup' },
  { name: 'contact', path: '/contact-us' },
  { name: 'youth project', path: '/youth-project' },
  { name: 'privacy', path: '/privacy-policy' },
  { name: 'terms', path: '/terms' },
  // Any unknown path: the server answers with the app, which replaces the address with /not-found.
  { name: '404', path: '/no-such-page', notFound: true },
];

/**
 * LIGHTHOUSE_PAGES=landing,sign-in runs those pages only (names as above), to check one fix without the whole
 * round; an unknown name is an error, not a skip.
 */
function selectedPages(): ReadonlyArray<PublicPage> {
  const wanted = (process.env.LIGHTHOUSE_PAGES ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (wanted.length === 0) return PAGES;
  const unknown = wanted.filter((name) => !PAGES.some((page) => page.name === name));
  if (unknown.length > 0) {
    const names = PAGES.map((page) => page.name).join(', ');
    throw new Error(`LIGHTHOUSE_PAGES names no page "${unknown.join('", "')}"; the pages: ${names}`);
  }
  return PAGES.filter((page) => wanted.includes(page.name));
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type FormFactor = 'desktop' | 'mobile';

/** The lowest score (0–100, as Lighthouse rounds it for display) each category must reach. */
const TARGETS: Record<FormFactor, Record<Category, number>> = {
  desktop: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
  mobile: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
};

const CONFIGS: Record<FormFactor, Config | undefined> = { desktop: desktopConfig, mobile: undefined };

/**
 * The audits a 404 page fails on purpose: it answers 404 and `noindex`, so that no search engine lists an address that
 * is no page, and the browser logs that 404 as a console error. On the 404 page they must fail for exactly that
 * reason (the run stops when one passes, or when the console holds any other error), and its SEO and best-practices
 * scores are taken over the categories' other audits, Lighthouse's weights unchanged; the table marks them with *.
 */
const NOT_FOUND_BY_DESIGN: Partial<Record<Category, readonly string[]>> = {
  seo: ['http-status-code', 'is-crawlable'],
  'best-practices': ['errors-in-console'],
};
const excused = (run: { notFound: boolean }, category: Category, id: string) =>
  run.notFound && (NOT_FOUND_BY_DESIGN[category] ?? []).includes(id);

/** Throws unless the 404 page failed NOT_FOUND_BY_DESIGN's audits, and for that reason alone. */
function checkNotFound(lhr: Result, url: string): void {
  const passed = Object.values(NOT_FOUND_BY_DESIGN)
    .flat()
    .filter((id) => lhr.audits[id]?.score === 1);
  if (passed.length > 0) throw new Error(`${url} should answer 404 and noindex, yet passed ${passed.join(', ')}`);
  const errors = (lhr.audits['errors-in-console']?.details as { items?: Array<Record<string, unknown>> }).items ?? [];
  const other = errors.filter((item) => (item.sourceLocation as { url?: string } | undefined)?.url !== url);
  if (other.length > 0) throw new Error(`${url} logged errors besides its own 404: ${JSON.stringify(other)}`);
}

/** A category's score (0–100, rounded as Lighthouse shows it) as Lighthouse weighs it, leaving out some audits. */
function scoreWithout(lhr: Result, category: Category, left: readonly string[]): number {
  let weighted = 0;
  let weights = 0;
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (left.includes(ref.id) || ref.weight === 0 || !audit || audit.score === null) continue;
    weighted += ref.weight * audit.score;
    weights += ref.weight;
  }
  return weights === 0 ? 0 : Math.round((weighted / weights) * 100);
}

/**
 * The end-to-end suites' flags (scripts/chromium-flags.mjs), headless. The host rule makes any request to a name
 * other than the loopback address fail at once rather than wait on DNS, so a stray third-party request shows as an
 * error in the report instead of a slow page.
 */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS, `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${HOST}`];

/**
 * Runs of each page and form factor (5 unless set); the one Lighthouse's own `computeMedianRun` picks (nearest the
 * median FCP and time to interactive) is the one scored. Lighthouse's variability guide: the median of five runs is
 * about twice as stable as one run. On these shared 2-core machines one mobile run moves by up to 10 points, and three
 * runs let one or two bad ones pick the score (docs/performance.md), so five, about 20 minutes for a whole round.
 * LIGHTHOUSE_RUNS=1 for a quick look.
 */
const RUNS = runsWanted();
function runsWanted(): number {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`LIGHTHOUSE_RUNS must be a whole number from 1 up`);
  return runs;
}

/** After the page is ready, how long the network must stay quiet (at most 2 requests), as Lighthouse's own wait. */
const SETTLE_MS = 1000;
/** However long a page takes, a run ends: the splash, a 3 s service spinner, and Lighthouse's work, with room. */
const RUN_LIMIT_MS = 120_000;
const HARD_LIMIT_MS = PAGES.length * 2 * RUNS * RUN_LIMIT_MS + 180_000;

/** Processes and folders to remove even when the run ends early (a failure, the hard limit, Ctrl-C). */
const children = new Set<ChildProcess>();
const chromes = new Set<chromeLauncher.LaunchedChrome>();
const temporaryDirs = new Set<string>();
process.once('exit', () => {
  for (const chrome of chromes) chrome.kill(); // Synchronous: SIGKILL to its process group, then its profile goes.
  for (const child of children) child.kill('SIGKILL');
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

function buildIfStale(): void {
  const steps: Array<[string, string[], readonly string[], string]> = [
    ['the browser app', [], CLIENT_SOURCES, 'dist/index.html'],
    ['the server', ['--config', 'vite.server.config.ts'], SERVER_SOURCES, 'dist-server/main.js'],
  ];
  for (const [what, args, sources, output] of steps) {
    if (!isStale(resolve(output), sources)) continue;
    console.log(`[lighthouse] ${what} is missing or out of date: building it…`);
    const vite = ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...args];
    const build = spawnSync(process.execPath, vite, { stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`building ${what} failed`);
  }
}

/** A port nothing listens on right now: the server needs it before it starts, for its PUBLIC_URL. */
function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePromise(address.port) : reject()));
    });
  });
}

/** The compiled server as `npm start` runs it; resolves with its address once /api/health answers. */
async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-lighthouse-'));
  temporaryDirs.add(dataDir);
  const start = startCommand();
  const child = spawn(process.execPath, start.args, {
    env: {
      ...process.env,
      ...start.env,
      PORT: String(port),
      HOST,
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      STATIC_DIR: resolve('dist'),
      // SQLite in DATA_DIR, mail to its outbox, no geolocation service: nothing leaves the machine.
      DATABASE_URL: '',
      SMTP_URL: '',
      GEOLOCATION_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  // Kept for the error message, should the server fail to start or stop during the runs.
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`))),
  );
  const deadline = Date.now() + 30_000;
  const healthy = (async () => {
    while (Date.now() < deadline) {
      const res = await fetch(`${base}/api/health`).catch(() => null);
      if (res?.ok) return;
      await res?.arrayBuffer();
      await new Promise((wait) => setTimeout(wait, 100));
    }
    throw new Error(`the server did not answer /api/health within 30 s:\n${output}`);
  })();
  await Promise.race([healthy, exited]);
  exited.catch(() => {}); // From here on an exit is ours (stopServer) or shows as failed runs.
  return { child, base };
}

/** SIGTERM lets the server drain; SIGKILL if it has not gone after its grace period and some. */
function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolvePromise();
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}

/** What the page's own PerformanceObserver saw as the largest contentful paint, at the end of the load. */
interface LcpSeen {
  element: string;
  inSplash: boolean;
  time: number;
}

/**
 * Runs in the page from its first script on: keeps the latest LCP candidate's description. Read at the end of the
 * load, it tells the reader which element the LCP is, even when that element has left the page since (the splash).
 * No named functions inside: tsx would wrap them in a helper that the page does not have.
 */
function recordLcp(): void {
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1) as (PerformanceEntry & { element: Element | null }) | undefined;
    if (!last) return;
    const element = last.element;
    const classes = element ? [...element.classList].map((name) => `.${name}`).join('') : '';
    const source = element instanceof HTMLImageElement ? ` ${element.currentSrc || element.src}` : '';
    const text = (element?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    (window as unknown as { __lcpSeen: LcpSeen }).__lcpSeen = {
      element: element
        ? `<${element.tagName.toLowerCase()}${classes}>${source}${text ? ` "${text}"` : ''}`
        : '(an element no longer in the page)',
      inSplash: Boolean(element?.closest('[data-testid="splash"]')),
      time: Math.round(last.startTime),
    };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * The waits the product chooses on a page load, not the page's cost: the splash's welcome line and the rest of its
 * minimum, and the service page's minimum spinner. Lighthouse cannot tell a chosen wait from a slow page (its Speed
 * Index counts every second the splash shows), so the measuring browser runs these timers at once.
 */
const DELIBERATE_WAITS_MS = [WELCOME_AFTER_MS, SPLASH_MINIMUM_MS - WELCOME_AFTER_MS, SERVICE_PAGE_MINIMUM_MS];

/**
 * Runs in the page before its own scripts: a timer set for one of the deliberate waits fires at once; every other
 * timer keeps its delay. The machines schedule their delays through the page's setTimeout when they enter a state,
 * so this reaches them without any switch in the product. (A 3 s geolocation timeout matches too; the lookup is
 * switched off on this server, so it never starts.)
 */
function skipDeliberateWaits(waits: number[]): void {
  const setTimeoutAsBuilt = window.setTimeout;
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) =>
    setTimeoutAsBuilt(handler, waits.includes(Number(timeout)) ? 0 : timeout, ...args)) as typeof window.setTimeout;
}

/**
 * Runs in the page before its own scripts: the splash's elements that the HTML holds (decision 0036) are hidden as
 * the parser adds them, before any paint, and show again once the app has taken them over (React marks `#root` as
 * its container when hydration begins), as if the app drew its splash itself, as it did before the HTML held one.
 * Hidden, not removed: React DOM must find in the page exactly what its first render draws, or it raises error #418
 * and draws the splash again (decision 0038). (A MutationObserver's report comes at the end of the parser's task, and
 * a frame is painted only between tasks.)
 */
function withoutTheHtmlSplash(): void {
  const observer = new MutationObserver(() => {
    const splash = document.querySelector<HTMLElement>('#root > main.splash');
    if (!splash) return;
    observer.disconnect();
    splash.style.visibility = 'hidden';
    const root = document.getElementById('root')!;
    // An anonymous callback: tsx names named functions with a helper the page does not have.
    const poll = setInterval(() => {
      if (!Object.keys(root).some((key) => key.startsWith('__reactContainer'))) return;
      clearInterval(poll);
      splash.style.removeProperty('visibility');
    }, 4);
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * True once the visitor sees the page they came for: the splash has ended, no spinner shows (the lazy screen's
 * fallback, the service page's 3 s spinner), the fonts are in and every image in view has loaded.
 */
function pageReady(): boolean {
  if (!document.querySelector('main') || document.querySelector('[data-testid="splash"], [role="progressbar"]')) {
    return false;
  }
  return (
    document.fonts.status === 'loaded' &&
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight && box.width > 0;
      })
      .every((image) => image.complete)
  );
}

/**
 * LIGHTHOUSE_TRACES=1 also writes each scored run's trace beside its report (`<page>-<form factor>.trace.json`, for
 * the Performance panel of Chromium's developer tools): the report says how long the main thread was busy, the trace
 * says with what.
 */
const KEEP_TRACES = Boolean(process.env.LIGHTHOUSE_TRACES);

/**
 * What a kept trace holds: the trace itself (its `traceEvents`, as the developer tools read it), and beside it what
 * Lighthouse's own simulation reads to score it, so that a simulated metric can be recomputed and taken apart offline.
 */
function traceArtifacts(artifacts: Artifacts, lhr: Result) {
  const { Trace, DevtoolsLog, GatherContext, URL, HostDPR } = artifacts;
  return { traceEvents: Trace.traceEvents, DevtoolsLog, GatherContext, URL, HostDPR, settings: lhr.configSettings };
}

/** Lighthouse's own failure of a run (its `runtimeError`), as opposed to the page never getting ready. */
class LighthouseRuntimeError extends Error {}

interface Run {
  page: string;
  path: string;
  formFactor: FormFactor;
  /** The 404 page: its scores leave out NOT_FOUND_BY_DESIGN. */
  notFound: boolean;
  scores: Record<Category, number>;
  /** The performance score of every run of this page and form factor, in order (the table's spread). */
  performances: number[];
  lhr: Result;
  /** The HTML report. */
  html: string;
  /** The run's performance trace, kept only when LIGHTHOUSE_TRACES is set (it is several megabytes). */
  trace: unknown;
  lcp: LcpSeen | null;
  /** Milliseconds from navigation start to the page being ready (the splash and spinners gone), to 100 ms. */
  readyMs: number;
  seconds: number;
  offsite: string[];
}

async function runOne(base: string, page: PublicPage, formFactor: FormFactor): Promise<Run> {
  const started = performance.now();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  chromes.add(chrome);
  const browser = await puppeteer.connect({ browserURL: `http://${HOST}:${chrome.port}`, defaultViewport: null });
  try {
    // A returning visitor who accepted cookies: no banner, and the visit is recorded after the splash as it is
    // for them (without the geolocation lookup, switched off on this server).
    await browser.setCookie({
      name: CONSENT_COOKIE,
      value: 'true',
      domain: HOST,
      path: '/',
      sameSite: 'Lax',
      expires: Math.floor(Date.now() / 1000) + CONSENT_DAYS * 86_400,
    });
    const tab: Page = await browser.newPage();
    await tab.evaluateOnNewDocument(recordLcp);
    await tab.evaluateOnNewDocument(skipDeliberateWaits, DELIBERATE_WAITS_MS);
    await tab.evaluateOnNewDocument(withoutTheHtmlSplash);
    let lcp: LcpSeen | null = null;
    let readyMs = 0;
    // A navigation Lighthouse cannot end before the page is ready: it traces until this resolves (and its own
    // load conditions hold), so the splash and the service page's spinner, however short, are inside the measured load.
    const requestor = async () => {
      await tab.goto(`${base}${page.path}`, { waitUntil: 'load', timeout: RUN_LIMIT_MS });
      await tab.waitForFunction(pageReady, { polling: 100, timeout: RUN_LIMIT_MS });
      readyMs = await tab.evaluate(() => Math.round(performance.now()));
      await tab.waitForNetworkIdle({ idleTime: SETTLE_MS, concurrency: 2, timeout: RUN_LIMIT_MS });
      lcp = await tab.evaluate(() => (window as unknown as { __lcpSeen?: LcpSeen }).__lcpSeen ?? null);
    };
    // The 404 page answers 404, which Lighthouse refuses to score unless told the status is meant.
    const flags: Flags = {
      logLevel: 'error',
      output: 'html',
      onlyCategories: [...CATEGORIES],
      ...(page.notFound ? { ignoreStatusCode: true } : {}),
    };
    const result = await navigation(tab, requestor, { config: CONFIGS[formFactor], flags });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    if (page.notFound) {
      checkNotFound(lhr, `${base}${page.path}`);
      for (const [category, ids] of Object.entries(NOT_FOUND_BY_DESIGN)) {
        scores[category as Category] = scoreWithout(lhr, category as Category, ids);
      }
    }
    return {
      page: page.name,
      path: page.path,
      notFound: page.notFound === true,
      formFactor,
      scores,
      performances: [scores.performance],
      lhr,
      html: result.report as string,
      trace: KEEP_TRACES ? traceArtifacts(result.artifacts, lhr) : undefined,
      lcp,
      readyMs,
      seconds: (performance.now() - started) / 1000,
      offsite: offsiteRequests(lhr, base),
    };
  } finally {
    await browser.disconnect().catch(() => {});
    chrome.kill();
    chromes.delete(chrome);
  }
}

/** The scored run's reports (HTML, and the JSON result) in REPORT_DIR, named after the page and form factor. */
function writeReport(run: Run): void {
  mkdirSync(REPORT_DIR, { recursive: true });
  const slug = run.page.replace(/[^a-z0-9]+/gi, '-');
  writeFileSync(join(REPORT_DIR, `${slug}-${run.formFactor}.html`), run.html);
  writeFileSync(join(REPORT_DIR, `${slug}-${run.formFactor}.json`), JSON.stringify(run.lhr));
  if (run.trace) writeFileSync(join(REPORT_DIR, `${slug}-${run.formFactor}.trace.json`), JSON.stringify(run.trace));
}

/** Requests to anywhere but our server, from Lighthouse's network record: there must be none. */
function offsiteRequests(lhr: Result, base: string): string[] {
  const details = lhr.audits['network-requests']?.details as { items?: Array<{ url?: string }> } | undefined;
  return (details?.items ?? [])
    .map((item) => item.url ?? '')
    .filter((url) => url.startsWith('http') && !url.startsWith(base));
}

/** The observed (unthrottled) and simulated (scored) metrics, from Lighthouse's `metrics` audit. */
function metric(lhr: Result, name: string): number | undefined {
  const details = lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined;
  return details?.items?.[0]?.[name];
}

const ms = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} ms`);

interface FailedAudit {
  id: string;
  title: string;
  score: number;
  value: string;
}

interface Miss {
  run: Run;
  category: Category;
  /** The audits the category weighs that did not pass: what cost the points (for performance, the metrics). */
  audits: FailedAudit[];
  /** Performance only: the insights and diagnostics that did not pass. They weigh nothing, but say where to look. */
  hints: FailedAudit[];
}

function misses(run: Run): Miss[] {
  const found: Miss[] = [];
  for (const category of CATEGORIES) {
    if (run.scores[category] >= TARGETS[run.formFactor][category]) continue;
    const refs = run.lhr.categories[category]?.auditRefs ?? [];
    const failing = (weighted: boolean): FailedAudit[] =>
      refs
        // Unweighted audits in the 'hidden' group (time to interactive, max potential FID) appear nowhere.
        .filter((ref) => ref.weight > 0 === weighted && ref.group !== 'hidden')
        .filter((ref) => !excused(run, category, ref.id))
        .map((ref) => run.lhr.audits[ref.id]!)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode),
        )
        .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score!, value: audit.displayValue ?? '' }));
    found.push({ run, category, audits: failing(true), hints: category === 'performance' ? failing(false) : [] });
  }
  return found;
}

function printAudits(heading: string, audits: FailedAudit[]): void {
  if (audits.length === 0) return;
  console.log(`  ${heading}`);
  for (const audit of audits) {
    const value = audit.value ? ` (${audit.value})` : '';
    console.log(`    ${audit.id.padEnd(34)} ${String(audit.score).padEnd(5)} ${audit.title}${value}`);
  }
}

function report(runs: Run[], seconds: number): boolean {
  // A Markdown table, to paste as it is.
  const row = (cells: Array<string | number>) => console.log(`| ${cells.join(' | ')} |`);
  console.log('');
  row([
    'page',
    'path',
    'form factor',
    ...CATEGORIES,
    'LCP observed',
    'LCP simulated (scored)',
    'performance of each run',
    'targets',
  ]);
  row(['---', '---', '---', ...CATEGORIES.map(() => '---:'), '---:', '---:', '---', '---']);
  for (const run of runs) {
    const met = CATEGORIES.every((category) => run.scores[category] >= TARGETS[run.formFactor][category]);
    row([
      run.page,
      `\`${run.path}\``,
      run.formFactor,
      ...CATEGORIES.map(
        (category) => `${run.scores[category]}${run.notFound && NOT_FOUND_BY_DESIGN[category] ? '*' : ''}`,
      ),
      ms(metric(run.lhr, 'observedLargestContentfulPaint')),
      ms(metric(run.lhr, 'largestContentfulPaint')),
      run.performances.join(', '),
      met ? 'met' : 'MISSED',
    ]);
  }

  if (runs.some((run) => run.notFound)) {
    const left = Object.entries(NOT_FOUND_BY_DESIGN).map(([category, ids]) => `${category}: ${ids.join(', ')}`);
    console.log(`\n* the 404 page answers 404 and noindex on purpose; these scores leave out ${left.join('; ')}`);
  }
  console.log(
    '\nLCP element of each run (as the page itself saw it), and when the page was ready (splash and spinners gone):',
  );
  for (const run of runs) {
    const lcp = run.lcp;
    const where = lcp
      ? `${lcp.element} at ${lcp.time} ms${lcp.inSplash ? '  <-- THE SPLASH, not the page' : ''}`
      : '(none)';
    console.log(`  ${`${run.page}, ${run.formFactor}`.padEnd(24)} ready at ${run.readyMs} ms; LCP ${where}`);
    if (run.offsite.length > 0) console.log(`    requests off this server: ${run.offsite.join(', ')}`);
  }

  const missed = runs.flatMap(misses);
  for (const miss of missed) {
    const target = TARGETS[miss.run.formFactor][miss.category];
    const { page, path, formFactor, scores } = miss.run;
    console.log(`\nMISSED ${page} (${path}), ${formFactor}: ${miss.category} ${scores[miss.category]} < ${target}`);
    printAudits('failing audits (id, score, title):', miss.audits);
    printAudits('not passed, weighing nothing (where to look):', miss.hints);
  }
  const splashRuns = runs.filter((run) => run.lcp?.inSplash);
  console.log(
    `\n${runs.length} runs in ${Math.round(seconds)} s (at the end: ${load()}). Targets: desktop 100 in all four; ` +
      `mobile performance ≥ 95 and 100 in the other three. ` +
      `${missed.length === 0 ? 'Every target met.' : `${missed.length} targets missed.`}` +
      (splashRuns.length > 0 ? ` Runs whose LCP element is the splash: ${splashRuns.length}.` : '') +
      ` Reports: ${REPORT_DIR}/`,
  );
  return missed.length === 0;
}

/**
 * The machine's 1-minute load average against its cores. Every timing Lighthouse scores is derived from the CPU
 * time the page took here (multiplied by 4 on mobile), so a busy machine scores lower: say how busy it was.
 */
function load(): string {
  return `load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
}

/**
 * Lighthouse now and then loses a trace's navigation start (NO_NAVSTART: "Please run Lighthouse again"), more often
 * on a busy machine: such a run is run again, twice at most, with a fresh Chromium, and the reason is printed. Any
 * other failure (a page that never gets ready) ends the whole round at once.
 */
async function withRetries(attempt: () => Promise<Run>): Promise<Run> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || tries === 3) throw error;
      process.stdout.write(` failed (${(error as Error).message.split('\n')[0]}); again …`);
    }
  }
}

async function main(): Promise<boolean> {
  const started = performance.now();
  const pages = selectedPages();
  buildIfStale();
  const server = await startServer();
  console.log(
    `[lighthouse] ${server.base} (the production build); Chromium ${CHROME_PATH}; ` +
      `${pages.length} of ${PAGES.length} pages × desktop and mobile × ${RUNS} runs (the median one scored), ` +
      `a fresh Chromium each; ` +
      `the deliberate waits (${DELIBERATE_WAITS_MS.join(', ')} ms: the splash, the service page's spinner) run at once; ` +
      load(),
  );
  const runs: Run[] = [];
  try {
    for (const page of pages) {
      for (const formFactor of ['desktop', 'mobile'] as const) {
        const tries: Run[] = [];
        for (let index = 1; index <= RUNS; index += 1) {
          process.stdout.write(`  ${page.name}, ${formFactor}${RUNS > 1 ? `, run ${index} of ${RUNS}` : ''} …`);
          const run = await withRetries(() => runOne(server.base, page, formFactor));
          tries.push(run);
          const scores = CATEGORIES.map((category) => run.scores[category]).join(' / ');
          // The host's CPU benchmark (Lighthouse's, higher is faster) moves by a quarter from hour to hour on these
          // shared machines, and the mobile score with it: said beside each run, with the blocking time it scored.
          const speed = `benchmark index ${Math.round(run.lhr.environment.benchmarkIndex)}`;
          const blocking = `TBT ${Math.round(metric(run.lhr, 'totalBlockingTime') ?? NaN)} ms`;
          process.stdout.write(` ${scores} (${blocking}; ${run.seconds.toFixed(0)} s, ${load()}, ${speed})\n`);
        }
        const median = computeMedianRun(tries.map((run) => run.lhr));
        const chosen = tries.find((run) => run.lhr === median)!;
        chosen.performances = tries.map((run) => run.scores.performance);
        writeReport(chosen);
        runs.push(chosen);
      }
    }
  } finally {
    await stopServer(server.child);
  }
  return report(runs, (performance.now() - started) / 1000);
}

const guard = setTimeout(() => {
  console.error(`[lighthouse] still running after ${HARD_LIMIT_MS / 1000} s; stopping`);
  process.exit(1);
}, HARD_LIMIT_MS);
guard.unref();

// Ctrl-C or a kill: leave through process.exit so the exit hook stops Chromium and the server and removes DATA_DIR.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n[lighthouse] ${signal}; stopping`);
    process.exit(1);
  });
}

main().then(
  (met) => process.exit(met ? 0 : 1),
  (error: unknown) => {
    console.error('\n[lighthouse] failed:', error);
    process.exit(1);
  },
);
