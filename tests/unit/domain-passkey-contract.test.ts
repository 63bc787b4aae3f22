/**
 * The passkeys' wire contract (domain/passkeyContract.ts; docs/product.md#passkeys): the name a customer gives a
 * passkey, the base64url values WebAuthn's JSON carries, and the shapes of the options and of the browser's
 * responses. `type()` lets fields it does not name pass (extensions, hints); a missing named field is refused.
 */
import { describe, expect, it } from 'vitest';
import {
  AUTHENTICATOR_TRANSPORTS,
  Passkey,
  PASSKEY_NAME_MAX,
  PasskeyList,
  PasskeyRegistrationOptions,
  PasskeyRegistrationRequest,
  PasskeyRenameRequest,
  PasskeySignInOptions,
  PasskeySignInRequest,
} from '#domain/passkeyContract';
import { refusal } from './contract-structs';

/** A copy of `value` with the dotted `path` set to `replacement`, or removed when it is undefined. */
function changed(value: unknown, path: string, replacement?: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const keys = path.split('.');
  const parent = keys.slice(0, -1).reduce((node, key) => node[key] as Record<string, unknown>, copy);
  if (replacement === undefined) delete parent[keys.at(-1)!];
  else parent[keys.at(-1)!] = replacement;
  return copy;
}

const registration = {
  id: 'cred-1_A',
  rawId: 'cred-1_A',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ0eXBlIjoi', attestationObject: 'o2NmbXRk', transports: ['internal', 'hybrid'] },
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
};
const authentication = {
  id: 'cred-1_A',
  rawId: 'cred-1_A',
  type: 'public-key',
  response: {
    clientDataJSON: 'eyJ0eXBlIjoi',
    authenticatorData: 'SZYN5YgO',
    signature: 'MEUCIQ',
    userHandle: 'dXNlcg',
  },
  authenticatorAttachment: 'cross-platform',
  clientExtensionResults: {},
};
const creationOptions = {
  rp: { id: 'example.com', name: 'Example' },
  user: { id: 'dXNlcg', name: 'cy@example.com', displayName: 'Cy' },
  challenge: 'Y2hhbGxlbmdl',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  timeout: 300_000,
  excludeCredentials: [{ id: 'cred-1_A', type: 'public-key', transports: ['usb'] }],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required', requireResidentKey: true },
  attestation: 'none',
};
const requestOptions = {
  challenge: 'Y2hhbGxlbmdl',
  timeout: 300_000,
  rpId: 'example.com',
  userVerification: 'required',
};

describe('a passkey’s name', () => {
  it('is 1 to 60 characters once trimmed (docs/product.md#passkeys)', () => {
    expect(PASSKEY_NAME_MAX).toBe(60);
    for (const name of ['L', ' Laptop ', 'x'.repeat(60), ` ${'x'.repeat(60)}\t`, `a${' '.repeat(200)}`]) {
      expect(refusal(PasskeyRenameRequest, { name })).toBe(undefined);
    }
  });

  it.each([
    ['empty once trimmed', '   '],
    ['61 characters', 'x'.repeat(61)],
    ['61 characters between spaces', ` ${'x'.repeat(61)} `],
  ])('is refused %s, in its own words', (_, name) => {
    expect(refusal(PasskeyRenameRequest, { name })).toEqual({
      path: 'name',
      refinement: 'PasskeyName',
      message: 'must be 1 to 60 characters',
    });
  });

  it('is refused beyond 240 characters of text, spaces and all, and when empty or missing', () => {
    expect(refusal(PasskeyRenameRequest, { name: `a${' '.repeat(239)}` })).toBe(undefined);
    expect(refusal(PasskeyRenameRequest, { name: `a${' '.repeat(240)}` })).toMatchObject({ refinement: 'size' });
    expect(refusal(PasskeyRenameRequest, { name: '' })).toMatchObject({ path: 'name', refinement: 'size' });
    expect(refusal(PasskeyRenameRequest, {})).toMatchObject({ path: 'name' });
  });
});

describe('base64url values', () => {
  it('take the URL-safe alphabet up to 16 KB', () => {
    for (const id of ['AZaz09-_', 'a', 'x'.repeat(16 * 1024)]) {
      expect(refusal(PasskeySignInOptions, { challenge: id })).toBe(undefined);
    }
    expect(refusal(PasskeySignInOptions, { challenge: 'x'.repeat(16 * 1024 + 1) })).toMatchObject({
      path: 'challenge',
      refinement: 'size',
    });
  });

  it.each(['', 'abc=', '=abc', 'ab+c', 'ab/c', 'ab c', 'ab.c'])('refuse %j', (challenge) => {
    expect(refusal(PasskeySignInOptions, { challenge })).toMatchObject({ path: 'challenge' });
  });
});

describe('registering a passkey', () => {
  it('takes the options the server sends, every documented choice of each', () => {
    expect(refusal(PasskeyRegistrationOptions, creationOptions)).toBe(undefined);
    for (const userVerification of ['discouraged', 'preferred', 'required']) {
      const options = changed(creationOptions, 'authenticatorSelection.userVerification', userVerification);
      expect(
        refusal(PasskeyRegistrationOptions, changed(options, 'authenticatorSelection.residentKey', 'preferred')),
      ).toBe(undefined);
    }
    for (const attestation of ['direct', 'enterprise', 'indirect', 'none']) {
      expect(refusal(PasskeyRegistrationOptions, { ...creationOptions, attestation })).toBe(undefined);
    }
    for (const attachment of ['platform', 'cross-platform']) {
      const options = changed(creationOptions, 'authenticatorSelection.authenticatorAttachment', attachment);
      expect(refusal(PasskeyRegistrationOptions, options)).toBe(undefined);
    }
  });

  it.each([
    ['rp.name', undefined],
    ['user.id', 'not base64url!'],
    ['user.displayName', undefined],
    ['pubKeyCredParams.0.type', 'private-key'],
    ['pubKeyCredParams.0.alg', undefined],
    ['excludeCredentials.0.id', '=='],
    ['authenticatorSelection.userVerification', 'always'],
    ['authenticatorSelection.requireResidentKey', 'yes'],
    ['attestation', 'some'],
  ])('refuses options with %s as %j', (path, value) => {
    expect(refusal(PasskeyRegistrationOptions, changed(creationOptions, path, value))).toMatchObject({ path });
  });

  it('takes the browser’s response with a name, and refuses one missing a part', () => {
    expect(refusal(PasskeyRegistrationRequest, { name: 'Laptop', response: registration })).toBe(undefined);
    for (const path of ['id', 'response.attestationObject', 'clientExtensionResults']) {
      const request = { name: 'Laptop', response: changed(registration, path) };
      expect(refusal(PasskeyRegistrationRequest, request)).toMatchObject({ path: `response.${path}` });
    }
    const request = { name: 'Laptop', response: { ...registration, type: 'password' } };
    expect(refusal(PasskeyRegistrationRequest, request)).toMatchObject({ path: 'response.type' });
    expect(refusal(PasskeyRegistrationRequest, { response: registration })).toMatchObject({ path: 'name' });
  });
});

describe('signing in with a passkey', () => {
  it('takes the options and the browser’s response, with or without a user handle', () => {
    expect(refusal(PasskeySignInOptions, { ...requestOptions, allowCredentials: [] })).toBe(undefined);
    expect(refusal(PasskeySignInRequest, { response: authentication })).toBe(undefined);
    const withoutHandle = changed(authentication, 'response.userHandle', null);
    expect(refusal(PasskeySignInRequest, { response: withoutHandle })).toBe(undefined);
  });

  it.each([
    ['rawId', undefined],
    ['type', 'public'],
    ['response.signature', undefined],
    ['response.authenticatorData', 'a b'],
    ['response.userHandle', '+'],
    ['authenticatorAttachment', 'roaming'],
    ['clientExtensionResults', undefined],
  ])('refuses a response with %s as %j', (path, value) => {
    const request = { response: changed(authentication, path, value) };
    expect(refusal(PasskeySignInRequest, request)).toMatchObject({ path: `response.${path}` });
  });

  it('refuses options without a challenge or with a choice WebAuthn does not have', () => {
    expect(refusal(PasskeySignInOptions, changed(requestOptions, 'challenge'))).toMatchObject({ path: 'challenge' });
    expect(refusal(PasskeySignInOptions, { ...requestOptions, userVerification: 'never' })).toMatchObject({
      path: 'userVerification',
    });
  });
});

describe('the list of passkeys', () => {
  const passkey = { id: 'p1', name: 'Laptop', createdAt: '2026-11-23T10:00:00.000Z', lastUsedAt: null };

  it('holds each passkey’s name and dates, and no more is needed', () => {
    expect(refusal(PasskeyList, [passkey, { ...passkey, lastUsedAt: '2026-11-24T10:00:00.000Z' }])).toBe(undefined);
    for (const field of ['id', 'name', 'createdAt', 'lastUsedAt']) {
      expect(refusal(Passkey, changed(passkey, field))).toMatchObject({ path: field });
    }
  });

  it('names WebAuthn’s transports, which the server keeps with a passkey', () => {
    expect(AUTHENTICATOR_TRANSPORTS).toEqual(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
  });
});
