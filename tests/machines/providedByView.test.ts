import { describe, expect, it } from 'vitest';
import { isStandIn, providedByView } from '#machines/lib/providedByView';

describe('a stand-in action', () => {
  it('does nothing, and is told from an action written anywhere else', () => {
    const standIn = providedByView<{ message: string }>();
    expect(standIn(undefined, { message: 'Saved' })).toBeUndefined();
    expect(isStandIn(standIn)).toBe(true);
    expect(isStandIn(() => {})).toBe(false);
  });
});
