/**
 * Bodies whose sizes keep a huge or malformed value out before any rule reads it (domain/contract.ts,
 * domain/billingContract.ts): the visit record, the notifications marked seen and the billing details as typed.
 */
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_SHOWN_MAX, SeeNotificationsRequest, VisitRequest } from '#domain/contract';
import { BILLING_ADDRESS_MAX, BILLING_NAME_MAX } from '#domain/billing';
import { BillingDetailsRequest } from '#domain/billingContract';
import { firstFailure, requiredKeys } from './contract-structs';

const visit = {
  user: 'u1',
  visitor: 'visitor1',
  country_code: 'GB',
  country_name: 'United Kingdom',
  city: 'London',
  postal: 'SW1A 1AA',
  latitude: 51.5,
  longitude: -0.12,
  IPv4: '203.0.113.7',
  state: 'England',
  visitDate: '2026-11-29',
  visitTime: '09:05:00',
};
const lookupFailed = {
  ...visit,
  user: null,
  country_code: null,
  country_name: null,
  city: null,
  postal: null,
  latitude: null,
  longitude: null,
  IPv4: null,
  state: null,
};

describe('a visit record (docs/product.md: geolocation details, all null if the lookup fails)', () => {
  it('carries every field, each null but the visitor and the local date and time', () => {
    expect(requiredKeys(VisitRequest, visit)).toEqual(Object.keys(visit));
    expect(is(lookupFailed, VisitRequest)).toBe(true);
    expect(is({ ...lookupFailed, visitor: null }, VisitRequest)).toBe(false);
  });

  it.each([
    ['user', 1, 64],
    ['visitor', 8, 64],
    ['country_code', 0, 8],
    ['country_name', 0, 100],
    ['city', 0, 100],
    ['postal', 0, 20],
    ['IPv4', 0, 45],
    ['state', 0, 100],
  ])('%s is %i to %i characters', (key, min, max) => {
    expect(is({ ...visit, [key]: 'x'.repeat(min) }, VisitRequest)).toBe(true);
    expect(is({ ...visit, [key]: 'x'.repeat(max) }, VisitRequest)).toBe(true);
    expect(is({ ...visit, [key]: 'x'.repeat(max + 1) }, VisitRequest)).toBe(false);
    if (min > 0) expect(is({ ...visit, [key]: 'x'.repeat(min - 1) }, VisitRequest)).toBe(false);
  });

  it.each([
    ['latitude', 90],
    ['longitude', 180],
  ])('%s lies within ±%i degrees, both ends included', (key, limit) => {
    for (const degrees of [-limit, 0, limit]) expect(is({ ...visit, [key]: degrees }, VisitRequest)).toBe(true);
    for (const degrees of [-limit - 0.001, limit + 0.001, -1000, 1000]) {
      expect(is({ ...visit, [key]: degrees }, VisitRequest)).toBe(false);
    }
    expect(is({ ...visit, [key]: '1' }, VisitRequest)).toBe(false);
  });

  it('names the rule that refused a position out of range', () => {
    expect(firstFailure(VisitRequest, { ...visit, latitude: 91 })).toMatchObject({
      path: ['latitude'],
      refinement: 'latitude',
    });
    expect(firstFailure(VisitRequest, { ...visit, longitude: -181 })).toMatchObject({
      path: ['longitude'],
      refinement: 'longitude',
    });
  });

  it.each([
    ['2026-11-29', true],
    ['1999-01-01', true],
    ['2026-11-2', false],
    ['2026-1-29', false],
    ['202-11-29', false],
    ['x2026-11-29', false],
    ['2026-11-29x', false],
    ['abcd-11-29', false],
    ['2026-ab-29', false],
    ['2026-11-ab', false],
    ['2026/11/29', false],
  ])('the date %j (YYYY-MM-DD) is accepted: %s', (visitDate, accepted) => {
    expect(is({ ...visit, visitDate }, VisitRequest)).toBe(accepted);
  });

  it.each([
    ['09:05:00', true],
    ['23:59:59', true],
    ['9:05:00', false],
    ['09:5:00', false],
    ['09:05:0', false],
    ['x09:05:00', false],
    ['09:05:00x', false],
    ['ab:05:00', false],
    ['09:ab:00', false],
    ['09:05:ab', false],
  ])('the time %j (HH:MM:SS) is accepted: %s', (visitTime, accepted) => {
    expect(is({ ...visit, visitTime }, VisitRequest)).toBe(accepted);
  });
});

describe('the notifications marked seen: what the bell showed, by id', () => {
  const ids = (count: number, length = 2) => Array.from({ length: count }, () => 'n'.repeat(length));
  it('names at most one listing of them, each id 1 to 64 characters', () => {
    expect(NOTIFICATIONS_SHOWN_MAX).toBe(50);
    expect(requiredKeys(SeeNotificationsRequest, { ids: ids(1) })).toEqual(['ids']);
    expect(is({ ids: [] }, SeeNotificationsRequest)).toBe(true);
    expect(is({ ids: ids(NOTIFICATIONS_SHOWN_MAX) }, SeeNotificationsRequest)).toBe(true);
    expect(is({ ids: ids(NOTIFICATIONS_SHOWN_MAX + 1) }, SeeNotificationsRequest)).toBe(false);
    expect(is({ ids: ids(1, 64) }, SeeNotificationsRequest)).toBe(true);
    expect(is({ ids: ids(1, 65) }, SeeNotificationsRequest)).toBe(false);
    expect(is({ ids: [''] }, SeeNotificationsRequest)).toBe(false);
  });
});

describe('the billing details as typed (docs/product.md#billing-details)', () => {
  it('every field may be left out or null, which clears it', () => {
    expect(is({}, BillingDetailsRequest)).toBe(true);
    expect(is({ billingName: null, address: null, vatNumber: null }, BillingDetailsRequest)).toBe(true);
    expect(is({ billingName: '', address: '', vatNumber: '' }, BillingDetailsRequest)).toBe(true);
  });

  // The sizes only keep a huge body out: a name or address over its rule's limit must still reach
  // validateBilling (domain/billing.ts), whose message names the limit.
  it.each([
    ['billingName', BILLING_NAME_MAX * 4],
    ['address', BILLING_ADDRESS_MAX * 4],
    ['vatNumber', 100],
  ])('%s: up to %i characters reach the rules, one more is refused', (key, max) => {
    expect(is({ [key]: 'x'.repeat(max) }, BillingDetailsRequest)).toBe(true);
    expect(is({ [key]: 'x'.repeat(max + 1) }, BillingDetailsRequest)).toBe(false);
    expect(is({ [key]: 1 }, BillingDetailsRequest)).toBe(false);
  });
});
