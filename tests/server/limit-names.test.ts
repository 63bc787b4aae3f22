/**
 * Every limit's name and key kind, as the operator sees them: the name is the limit's key prefix in the store, the
 * `limit` label of `storefront_limit_refusals_total` and the log's `limit.exceeded`; the key kind says, in that log
 * line, what was counted instead of the key itself. Two limits of one name would spend one counter.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import type { LimitSpec } from '#server/limits/limit';
import { accountLimits, codeLimits, signInLimits, visitorLimits } from '#server/limits/limit-groups';

function everyLimit(): LimitSpec[] {
  const specs: LimitSpec[] = [];
  const limit = (spec: LimitSpec) => {
    specs.push(spec);
    return { ...spec, take: async () => ({ taken: true as const }), giveBack: async () => {}, reset: async () => {} };
  };
  const config = loadConfig({});
  for (const group of [signInLimits, codeLimits, accountLimits, visitorLimits]) group(limit, config);
  return specs;
}

describe('the names and key kinds of the limits', () => {
  const specs = everyLimit();

  it('gives each limit a name of its own: group, dot, what it counts', () => {
    expect(specs.length).toBe(21);
    expect(new Set(specs.map(({ name }) => name)).size).toBe(specs.length);
    for (const { name } of specs) expect(name).toMatch(/^[a-z][A-Za-z_]*\.[a-z_]+$/);
  });

  it('logs as the key kind what the name says it counts (a daily window adds "_daily")', () => {
    for (const { name, keyKind } of specs) {
      const counted = name.split('.')[1]!.replace(/_daily$/, '');
      // Codes to an address not yet proven are counted per recipient: an e-mail, which the log calls an account.
      const expected = counted === 'unproven_recipient' ? 'account' : counted;
      expect({ name, keyKind }).toEqual({ name, keyKind: expected });
    }
  });
});
