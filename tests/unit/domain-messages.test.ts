/**
 * Words and numbers the customer reads, as docs/product.md states them: the text of a failure
 * (domain/errorMessage.ts), the legal pages' dates and terms (domain/policies.ts), and the contract's fixed
 * texts, limits and return paths (domain/contract.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  APP_URL_MAX,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  PAYMENT_RETURN_PARAM,
  PAYMENT_RETURNS,
  paymentReturnPath,
  REMOVE_OTHER_SIGN_INS_LABEL,
  SERVICE_TYPES,
} from '#domain/contract';
import { errorMessage, isCallFailure, NETWORK_ERROR } from '#domain/errorMessage';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  INVOICE_RETENTION_YEARS,
  PRIVACY_POLICY_DATE,
  TERMS_EFFECTIVE_DATE,
  TERMS_VERSION,
  VISIT_RETENTION_DAYS,
} from '#domain/policies';

/** A failed call as the API client reports it: the HTTP client's own words, and the server's, if any. */
class CallError extends Error {
  constructor(
    message: string,
    readonly serverMessage: unknown,
  ) {
    super(message);
  }
}
const HTTP_WORDS = 'Request failed with status code 400';

describe('the text of a failure (docs/product.md#errors)', () => {
  it('is "Network Error" when nothing better is known', () => {
    expect(NETWORK_ERROR).toBe('Network Error');
  });

  it.each([
    ["the server's message", new CallError(HTTP_WORDS, 'Wrong password.'), 'Wrong password.'],
    ["the server's message as it came", new CallError(HTTP_WORDS, ' Wrong password. '), ' Wrong password. '],
    ['Network Error for a call the server said nothing to', new CallError(HTTP_WORDS, null), NETWORK_ERROR],
    ['Network Error for a blank server message', new CallError(HTTP_WORDS, '  '), NETWORK_ERROR],
    ['Network Error for an empty server message', new CallError(HTTP_WORDS, ''), NETWORK_ERROR],
    ["another error's own message", new Error('The popup was closed.'), 'The popup was closed.'],
    ["another error's own message, even with a serverMessage not text", new CallError('Own.', 7), 'Own.'],
    ['Network Error for an error without words', new Error('   '), NETWORK_ERROR],
    ['Network Error for an error with no message', new Error(), NETWORK_ERROR],
    ['Network Error for a thrown text', 'oops', NETWORK_ERROR],
    ['Network Error for nothing', undefined, NETWORK_ERROR],
    ['Network Error for an object that only looks like a failure', { message: 'm', serverMessage: 's' }, NETWORK_ERROR],
  ])('says %s', (_, error, text) => {
    expect(errorMessage(error)).toBe(text);
  });

  it.each([
    ['an Error with a server message', new CallError(HTTP_WORDS, 'x'), true],
    ['an Error whose call got no server message', new CallError(HTTP_WORDS, null), true],
    ['an Error with a server message that is not text', new CallError(HTTP_WORDS, 1), false],
    ['an Error with an undefined server message', new CallError(HTTP_WORDS, undefined), false],
    ['an Error without one', new Error(HTTP_WORDS), false],
    ['an object that is no Error', { message: HTTP_WORDS, serverMessage: 'x' }, false],
    ['an object that is no Error, with null', { message: HTTP_WORDS, serverMessage: null }, false],
    ['null', null, false],
  ])('%s is a failed call: %s', (_, error, failed) => {
    expect(isCallFailure(error)).toBe(failed);
  });
});

describe('the legal pages and what they promise (docs/product.md#offer, the limits)', () => {
  it('the privacy policy is dated November 29 2026', () => {
    expect(PRIVACY_POLICY_DATE).toBe('November 29 2026');
  });

  it('the Terms of Service are version 2, from November 29 2026', () => {
    expect([TERMS_VERSION, TERMS_EFFECTIVE_DATE]).toEqual(['2', 'November 29 2026']);
  });

  it('deletion 14 days ahead, paid invoices kept 6 years, visits 90 days', () => {
    expect([ACCOUNT_DELETION_GRACE_DAYS, INVOICE_RETENTION_YEARS, VISIT_RETENTION_DAYS]).toEqual([14, 6, 90]);
  });
});

describe("the contract's fixed texts and limits", () => {
  it('a picture is PNG, JPEG, WebP or GIF, at most 2 MB', () => {
    expect(AVATAR_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(AVATAR_TYPES).toEqual(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
  });

  it('an order is delivered as a PDF, a video meeting or a phone call; an app address is up to 500', () => {
    expect(SERVICE_TYPES).toEqual(['PDF Sent to Email', 'Video Meeting', 'Phone Call']);
    expect(APP_URL_MAX).toBe(500);
  });

  it('the checkout returns to /invoices with ?payment=paid or ?payment=cancelled', () => {
    expect(PAYMENT_RETURN_PARAM).toBe('payment');
    expect(PAYMENT_RETURNS).toEqual(['paid', 'cancelled']);
    expect(paymentReturnPath('paid')).toBe('/invoices?payment=paid');
    expect(paymentReturnPath('cancelled')).toBe('/invoices?payment=cancelled');
  });

  it("the reset form's choice to end the other ways in", () => {
    expect(REMOVE_OTHER_SIGN_INS_LABEL).toBe(
      'Also remove every other way to sign in (Google, passkeys, an authenticator app)',
    );
  });
});
