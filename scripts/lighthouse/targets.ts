/** What `npm run lighthouse` (scripts/lighthouse.ts) scores: the categories, their targets, and one run's result. */
import type { Result } from 'lighthouse';
import type { LcpSeen } from './in-page';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type FormFactor = 'desktop' | 'mobile';

/** The lowest score (0–100, as Lighthouse rounds it for display) each category must reach. */
export const TARGETS: Record<FormFactor, Record<Category, number>> = {
  desktop: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
  mobile: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
};

/**
 * The audits a 404 page fails on purpose: it answers 404 and `noindex`, so that no search engine lists an address that
 * is no page, and the browser logs that 404 as a console error. On the 404 page they must fail for exactly that
 * reason (the run stops when one passes, or when the console holds any other error), and its SEO and best-practices
 * scores are taken over the categories' other audits, Lighthouse's weights unchanged; the table marks them with *.
 */
export const NOT_FOUND_BY_DESIGN: Partial<Record<Category, readonly string[]>> = {
  seo: ['http-status-code', 'is-crawlable'],
  'best-practices': ['errors-in-console'],
};
export const excused = (run: { notFound: boolean }, category: Category, id: string) =>
  run.notFound && (NOT_FOUND_BY_DESIGN[category] ?? []).includes(id);

export interface Run {
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
