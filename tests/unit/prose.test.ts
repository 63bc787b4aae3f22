/**
 * The main docs read at about 20 words a sentence, and the README's tables hold short cells: a long sentence
 * hides its facts, and a measurement belongs in docs/performance.md with its date, not in a README table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string): string => readFileSync(join(root, file), 'utf8');

const MAX_MEAN_WORDS = 20;
/** About twice the mean: a sentence past it has more than one thing to say. */
const MAX_SENTENCE_WORDS = 40;
const MAX_README_CELL = 200;
const DOCS = ['README.md', 'CONTRIBUTING.md', 'docs/architecture.md', 'docs/product.md', 'docs/testing.md'];

/**
 * The text a reader reads as prose. A code span becomes one word, `code`: a reader takes `npm run build:server` in
 * as one name, and dropping it altogether would leave "Started by hand, use ." as a short sentence. Link targets,
 * emphasis marks and a step's number go.
 */
function plain(text: string): string {
  return text
    .replace(/`[^`]*`/g, 'code')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_]/g, ' ')
    .replace(/^\s*\d+\.\s/, '');
}

const isTableSeparator = (line: string): boolean => /^\|[\s:|-]+\|$/.test(line.trim());
const isListItem = (line: string): boolean => /^\s*(?:[-*]|\d+\.)\s/.test(line);

/**
 * The prose units of a Markdown text: each paragraph, list item and table cell, in plain text. Code blocks,
 * headings and table separators are left out.
 */
export function proseUnits(markdown: string): string[] {
  const units: string[] = [];
  let current: string[] = [];
  const close = (): void => {
    if (current.length > 0) units.push(current.join(' '));
    current = [];
  };
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) {
      close();
      inCode = !inCode;
      continue;
    }
    if (inCode) continue;
    if (line.trim() === '' || /^#/.test(line) || isTableSeparator(line)) {
      close();
      continue;
    }
    if (line.trim().startsWith('|')) {
      close();
      units.push(...tableCells(line));
      continue;
    }
    if (isListItem(line)) close();
    current.push(line.replace(/^\s*(?:[-*]|\d+\.)\s/, '').trim());
  }
  close();
  return units.map(plain).filter((unit) => words(unit) > 0);
}

/** The cells of one table row, as written (inline code kept), with escaped pipes inside a cell. */
export function tableCells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

function words(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** A unit's sentences, split after `.`, `!` or `?`; a unit without a full stop is one sentence. */
function sentences(unit: string): string[] {
  return unit.split(/(?<=[.!?]["'”’)]?)\s+/).filter((sentence) => words(sentence) > 0);
}

/** Words per sentence of a Markdown text's prose: the mean and the longest. */
export function sentenceLengths(markdown: string): { mean: number; longest: number; sentences: number } {
  const counts = proseUnits(markdown).flatMap(sentences).map(words);
  const total = counts.reduce((sum, count) => sum + count, 0);
  return {
    mean: counts.length === 0 ? 0 : total / counts.length,
    longest: Math.max(0, ...counts),
    sentences: counts.length,
  };
}

describe('sentenceLengths', () => {
  it('counts a code span as one word, and leaves code blocks, link targets and headings out', () => {
    const text = [
      '# A heading of many words that are not counted',
      '',
      'Run `npm test --with many flags` first. Then read [the guide](docs/a-very-long-path.md)!',
      '',
      '```sh',
      'npm run something with a great many words in it',
      '```',
    ].join('\n');
    // "Run <code> first." (3: the code span is one word) and "Then read the guide!" (4).
    expect(sentenceLengths(text)).toEqual({ mean: 3.5, longest: 4, sentences: 2 });
  });

  it('counts a list item or a table cell without a full stop as a sentence', () => {
    const text = [
      '- one two three',
      '- four five',
      '  six seven.',
      '',
      '| a b | c |',
      '| --- | --- |',
      '| d e f g | h |',
    ].join('\n');
    // Items of 3 and 4 words; cells of 2, 1, 4 and 1.
    expect(sentenceLengths(text)).toEqual({ mean: 15 / 6, longest: 4, sentences: 6 });
  });

  it('does not split inside a number or an address', () => {
    expect(sentenceLengths('Wait 1.5 s at example.com, then go.')).toEqual({ mean: 7, longest: 7, sentences: 1 });
  });
});

/** The text without its tables: a table's short cells (a name, a price) would hide long sentences around them. */
const withoutTables = (markdown: string): string =>
  markdown
    .split('\n')
    .filter((line) => !line.trim().startsWith('|'))
    .join('\n');

describe('the docs read at about 20 words a sentence', () => {
  it.each(DOCS)('%s', (file) => {
    const text = read(file);
    const { mean, longest } = sentenceLengths(text);
    expect(mean, `${file}: words per sentence`).toBeLessThanOrEqual(MAX_MEAN_WORDS);
    expect(
      sentenceLengths(withoutTables(text)).mean,
      `${file}: words per sentence, tables left out`,
    ).toBeLessThanOrEqual(MAX_MEAN_WORDS);
    expect(longest, `${file}: words in the longest sentence`).toBeLessThanOrEqual(MAX_SENTENCE_WORDS);
  });
});

describe("the README's tables", () => {
  it(`hold no cell over ${MAX_README_CELL} characters`, () => {
    const long = read('README.md')
      .split('\n')
      .filter((line) => line.trim().startsWith('|') && !isTableSeparator(line))
      .flatMap(tableCells)
      .filter((cell) => cell.length > MAX_README_CELL);
    expect(long).toEqual([]);
  });
});
