/**
 * The passkey machines (machines/passkeys.machine.ts, machines/passkeySignIn.machine.ts): sample events,
 * answers and failures, shared by their path tests and their browser models (tests/e2e/model/passkey*.model.ts).
 */
import type {
  Passkey,
  PasskeyAuthenticationResponse,
  PasskeyRegistrationOptions,
  PasskeyRegistrationResponse,
  PasskeySignInOptions,
} from '#domain/passkeyContract';
import { PASSKEY_TEXTS, type passkeysMachine } from '#machines/passkeys.machine';
import type { passkeySignInMachine } from '#machines/passkeySignIn.machine';
import type { PathTestOptions } from '#toolkit';
import { adaSession } from './fixtures';

type Samples<M extends typeof passkeysMachine | typeof passkeySignInMachine> = Pick<
  PathTestOptions<M>,
  'events' | 'outputs' | 'errors' | 'inputs' | 'filterEvents'
>;

/** The passkey the account has when the block opens. */
export const LAPTOP: Passkey = {
  id: 'passkey-laptop',
  name: 'Laptop',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: null,
};
/** The one added through the block. */
export const PHONE: Passkey = {
  id: 'passkey-phone',
  name: 'Chrome on Linux',
  createdAt: '2026-11-26T09:00:00.000Z',
  lastUsedAt: null,
};
export const RENAMED = 'Work laptop';

export const REGISTRATION_OPTIONS: PasskeyRegistrationOptions = {
  rp: { id: 'localhost', name: 'Storefront' },
  user: { id: 'dXNlci0x', name: 'ada@example.com', displayName: 'Ada' },
  challenge: 'Y2hhbGxlbmdlLTE',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
};
export const REGISTRATION_RESPONSE: PasskeyRegistrationResponse = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2NmbXQ' },
  clientExtensionResults: {},
};
export const SIGN_IN_OPTIONS: PasskeySignInOptions = { challenge: 'Y2hhbGxlbmdlLTI', userVerification: 'required' };
export const AUTHENTICATION_RESPONSE: PasskeyAuthenticationResponse = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'dXNlci0x' },
  clientExtensionResults: {},
};

/** Refused by the server: a passkey it does not know (another site's, or removed). */
export const UNKNOWN_PASSKEY = 'This passkey is not registered here.';

/** The password of the accounts the samples sign in as, and a wrong one. */
export const PASSWORD = 'correct horse battery';
export const WRONG_PASSWORD = 'not the password at all';
export const CODE_SENT = 'We have sent a code to ada@example.com.';

export const passkeysSamples: Samples<typeof passkeysMachine> = {
  // A browser with WebAuthn, for an account with a password and for one without (Google only), and a browser
  // without WebAuthn: it still lists, renames and removes, but cannot add.
  inputs: [
    { supported: true, suggestedName: PHONE.name, hasPassword: true },
    { supported: true, suggestedName: PHONE.name, hasPassword: false },
    { supported: false, suggestedName: PHONE.name, hasPassword: true },
  ],
  events: [
    { type: 'passkeys.add' },
    { type: 'passkeys.rename', id: LAPTOP.id },
    { type: 'passkeys.remove', id: LAPTOP.id },
    { type: 'passkeys.changeName', value: RENAMED },
    { type: 'passkeys.changeName', value: '   ' },
    { type: 'passkeys.changeProof', field: 'password', value: PASSWORD },
    { type: 'passkeys.changeProof', field: 'emailCode', value: '123456' },
    { type: 'passkeys.sendCode' },
    { type: 'passkeys.submit' },
    { type: 'passkeys.cancel' },
    { type: 'passkeys.confirm' },
    { type: 'passkeys.reload' },
  ],
  // A proof is typed where its field is shown: the one the account has, while adding one and no options are held,
  // or while a removal is asked.
  filterEvents: (snapshot, event) =>
    event.type !== 'passkeys.changeProof' ||
    (((snapshot.matches('naming') && snapshot.context.options === null) || snapshot.matches('confirmingRemove')) &&
      (event.field === 'password') === snapshot.context.hasPassword),
  outputs: {
    listPasskeys: [[LAPTOP]],
    requestCode: [CODE_SENT],
    registrationOptions: [REGISTRATION_OPTIONS],
    createPasskey: [REGISTRATION_RESPONSE],
    registerPasskey: [PHONE],
    renamePasskey: [{ ...LAPTOP, name: RENAMED }],
    removePasskey: [undefined],
  },
  errors: {
    listPasskeys: [new Error('Network Error')],
    requestCode: [new Error('Network Error')],
    registrationOptions: [new Error('Your current password is incorrect.')],
    createPasskey: [new Error(PASSKEY_TEXTS.cancelled)],
    registerPasskey: [new Error('Network Error')],
    renamePasskey: [new Error('Network Error')],
    removePasskey: [new Error('Your current password is incorrect.')],
  },
};

export const passkeySignInSamples: Samples<typeof passkeySignInMachine> = {
  events: [{ type: 'passkeySignIn.start' }],
  outputs: {
    signInOptions: [SIGN_IN_OPTIONS],
    askForPasskey: [AUTHENTICATION_RESPONSE],
    verifyPasskey: [adaSession],
  },
  errors: {
    signInOptions: [new Error('Network Error')],
    askForPasskey: [new Error(PASSKEY_TEXTS.cancelled)],
    verifyPasskey: [new Error(UNKNOWN_PASSKEY)],
  },
};
