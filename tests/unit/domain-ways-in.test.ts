/**
 * The staff rule (domain/waysIn.ts, docs/decisions/0030-staff-policy-asks-the-session.md): with
 * STAFF_REQUIRE_TWO_FACTOR on, an office or admin session signed in without a second factor is kept out of the
 * office. Every combination of policy, role and session factor, against the rule written out.
 */
import { describe, expect, it } from 'vitest';
import { ROLES } from '#domain/orders';
import { staffSessionLacksSecondFactor } from '#domain/waysIn';

const cases = [true, false].flatMap((required) =>
  ROLES.flatMap((role) =>
    [null, 'totp', 'passkey'].map((factor) => ({
      required,
      role,
      factor,
      keptOut: required && role !== 'common' && factor === null,
    })),
  ),
);

describe('staffSessionLacksSecondFactor', () => {
  it.each(cases)('policy $required, role $role, factor $factor: kept out $keptOut', (c) => {
    expect(staffSessionLacksSecondFactor({ STAFF_REQUIRE_TWO_FACTOR: c.required }, { role: c.role }, c.factor)).toBe(
      c.keptOut,
    );
  });
});
