/**
 * The report check's object finder and its limits, on bytes built by hand: which runs of digits start an object,
 * what a trailer is, what is counted, and when the check lets the server answer others. The whole check on real
 * and hostile files is in report-pdf.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { PDFContext, PDFDict, PDFNumber } from '@cantoo/pdf-lib';
import { CheckLimits, findObjects, MAX_OBJECTS, parseAt, TooComplexError } from '#server/orders/pdf-objects';

const found = async (text: string) => {
  const limits = new CheckLimits();
  const count = vi.spyOn(limits, 'count');
  const { objects, trailers } = await findObjects(Buffer.from(text, 'latin1'), limits);
  return { objects, trailers, counted: count.mock.calls.length };
};

describe('the objects of a PDF', () => {
  it('are found where `<number> <number> obj` starts, and nowhere else', async () => {
    const { objects } = await found('1 0 obj 5 endobj\n2 0 obj << /A 1 0 R >> endobj\n3 0 abc 7\n4 0 oxx 7\n');
    expect(objects.map(({ number, object }) => [number, object.constructor.name])).toEqual([
      [1, PDFNumber.name],
      [2, PDFDict.name],
    ]);
  });

  it('a header followed by what pdf-lib cannot parse is no object', async () => {
    expect((await found('1 0 obj )')).objects).toEqual([]);
  });

  it('only a dictionary after `trailer` is a trailer', async () => {
    const { trailers } = await found('trailer << /Size 1 >>\ntrailer 5\ntrailer )');
    expect(trailers).toHaveLength(1);
    expect(trailers[0]).toBeInstanceOf(PDFDict);
  });

  it('counts every object and every `trailer` toward the limit', async () => {
    const { objects, trailers, counted } = await found('1 0 obj 5 endobj 2 0 obj 6 endobj trailer << >> trailer 5');
    expect([objects.length, trailers.length, counted]).toEqual([2, 1, 4]);
  });
});

describe('the limits of one check', () => {
  it('allow exactly MAX_OBJECTS objects, and refuse one more', () => {
    const limits = new CheckLimits();
    limits.count(MAX_OBJECTS);
    expect(() => limits.count()).toThrow(new TooComplexError(`more than ${MAX_OBJECTS} objects`));
  });

  it('let the server answer others only after a slice of work, not at every step', async () => {
    const limits = new CheckLimits();
    let others = 0;
    setImmediate(() => others++);
    await limits.breathe();
    expect(others).toBe(0);
    const sliceEnds = performance.now() + 20;
    while (performance.now() < sliceEnds) {
      // a slice of the check's work
    }
    await limits.breathe();
    expect(others).toBe(1);
  });

  it('refuse nesting deeper than the stack, and say so', () => {
    const deep = Buffer.from('['.repeat(200_000), 'latin1');
    expect(() => parseAt(deep, 0, PDFContext.create())).toThrow(new TooComplexError('nested too deeply'));
  });
});
