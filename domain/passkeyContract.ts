/**
 * The wire shapes of passkeys (WebAuthn; docs/product.md#passkeys, docs/decisions/0029-passkeys.md):
 * adding, listing and removing an account's passkeys under /api/users/passkeys, and signing in with one at
 * /api/auth/passkey. The options the server answers are the JSON that @simplewebauthn/browser's
 * startRegistration / startAuthentication take as `optionsJSON`; the responses they give back are sent as
 * they come. `type()` (not `object()`): fields this file does not name (extensions, hints) pass through.
 */
import {
  array,
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  optional,
  pattern,
  refine,
  size,
  string,
  type,
} from 'superstruct';
import { ownerProof } from './twoFactorContract';

/** What a customer may call a passkey ("Laptop", "Phone"), trimmed. */
export const PASSKEY_NAME_MAX = 60;
const PasskeyName = refine(size(string(), 1, PASSKEY_NAME_MAX * 4), 'PasskeyName', (value) => {
  const length = value.trim().length;
  return (length >= 1 && length <= PASSKEY_NAME_MAX) || `must be 1 to ${PASSKEY_NAME_MAX} characters`;
});

/**
 * Binary values travel as base64url without padding, as WebAuthn's JSON forms have them. 16 KB is far above
 * any real attestation object or signature and keeps a hostile one small.
 */
const BASE64URL_MAX = 16 * 1024;
const Base64Url = pattern(size(string(), 1, BASE64URL_MAX), /^[A-Za-z0-9_-]+$/);

export const AUTHENTICATOR_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const USER_VERIFICATION = ['discouraged', 'preferred', 'required'] as const;

/** A credential the browser is told about: one to exclude at registration (the account has it already). */
const CredentialDescriptor = type({ id: Base64Url, type: string(), transports: optional(array(string())) });

// ---- adding a passkey (signed in) ----

/** POST /api/users/passkeys/registration/options: what navigator.credentials.create() needs. */
export const PasskeyRegistrationOptions = type({
  rp: type({ id: optional(string()), name: string() }),
  user: type({ id: Base64Url, name: string(), displayName: string() }),
  challenge: Base64Url,
  pubKeyCredParams: array(type({ alg: number(), type: literal('public-key') })),
  timeout: optional(number()),
  excludeCredentials: optional(array(CredentialDescriptor)),
  authenticatorSelection: optional(
    type({
      authenticatorAttachment: optional(enums(['platform', 'cross-platform'] as const)),
      requireResidentKey: optional(boolean()),
      residentKey: optional(enums(USER_VERIFICATION)),
      userVerification: optional(enums(USER_VERIFICATION)),
    }),
  ),
  attestation: optional(enums(['direct', 'enterprise', 'indirect', 'none'] as const)),
});
export type PasskeyRegistrationOptions = Infer<typeof PasskeyRegistrationOptions>;

/** What startRegistration() resolves with (RegistrationResponseJSON), as the browser gives it. */
export const PasskeyRegistrationResponse = type({
  id: Base64Url,
  rawId: Base64Url,
  type: literal('public-key'),
  response: type({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    transports: optional(array(string())),
  }),
  authenticatorAttachment: optional(enums(['platform', 'cross-platform'] as const)),
  clientExtensionResults: type({}),
});
export type PasskeyRegistrationResponse = Infer<typeof PasskeyRegistrationResponse>;

/**
 * POST /api/users/passkeys/registration/options: the owner's proof (domain/twoFactorContract.ts), since a passkey
 * signs in by itself: a stolen session alone cannot add one.
 */
export const PasskeyRegistrationOptionsRequest = type(ownerProof);
export type PasskeyRegistrationOptionsRequest = Infer<typeof PasskeyRegistrationOptionsRequest>;

/** DELETE /api/users/passkeys/:id: the owner's proof, as adding one asks (a passkey signs in by itself). */
export const PasskeyRemoveRequest = type(ownerProof);
export type PasskeyRemoveRequest = Infer<typeof PasskeyRemoveRequest>;

/** POST /api/users/passkeys/registration: the customer's name for it, and the browser's response. */
export const PasskeyRegistrationRequest = type({ name: PasskeyName, response: PasskeyRegistrationResponse });
export type PasskeyRegistrationRequest = Infer<typeof PasskeyRegistrationRequest>;

/** One passkey as the profile lists it. No key material: the public key stays on the server. */
export const Passkey = type({
  id: string(),
  name: string(),
  createdAt: string(),
  /** The last sign-in with it; null until it is first used. */
  lastUsedAt: nullable(string()),
});
export type Passkey = Infer<typeof Passkey>;

/** PATCH /api/users/passkeys/{id}: a new name for one of the account's passkeys; answers the passkey. */
export const PasskeyRenameRequest = type({ name: PasskeyName });
export type PasskeyRenameRequest = Infer<typeof PasskeyRenameRequest>;

/** GET /api/users/passkeys: the account's passkeys, oldest first. */
export const PasskeyList = array(Passkey);
export type PasskeyList = Infer<typeof PasskeyList>;

// ---- signing in with a passkey (signed out) ----

/**
 * POST /api/auth/passkey/options: what navigator.credentials.get() needs. No e-mail is asked and
 * `allowCredentials` is empty: the browser offers the passkeys it holds for this site (discoverable).
 */
export const PasskeySignInOptions = type({
  challenge: Base64Url,
  timeout: optional(number()),
  rpId: optional(string()),
  allowCredentials: optional(array(CredentialDescriptor)),
  userVerification: optional(enums(USER_VERIFICATION)),
});
export type PasskeySignInOptions = Infer<typeof PasskeySignInOptions>;

/** What startAuthentication() resolves with (AuthenticationResponseJSON), as the browser gives it. */
export const PasskeyAuthenticationResponse = type({
  id: Base64Url,
  rawId: Base64Url,
  type: literal('public-key'),
  response: type({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    /** The account's handle, which a discoverable credential carries. */
    userHandle: optional(nullable(Base64Url)),
  }),
  authenticatorAttachment: optional(enums(['platform', 'cross-platform'] as const)),
  clientExtensionResults: type({}),
});
export type PasskeyAuthenticationResponse = Infer<typeof PasskeyAuthenticationResponse>;

/** POST /api/auth/passkey: the browser's response; answered like a sign-in (`SessionResponse`), no second step. */
export const PasskeySignInRequest = type({ response: PasskeyAuthenticationResponse });
export type PasskeySignInRequest = Infer<typeof PasskeySignInRequest>;
