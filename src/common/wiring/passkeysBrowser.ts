/**
 * The browser's side of passkeys: whether it has WebAuthn, a name to suggest for a new passkey, and its
 * prompts through @simplewebauthn/browser. The library is loaded (./passkeysPrompt.ts, a chunk of its own) only
 * when a prompt is about to open, so the pages' first download does not carry it (docs/performance.md).
 */
import { PASSKEY_TEXTS } from '#machines/passkeys.machine';
import type {
  PasskeyAuthenticationResponse,
  PasskeyRegistrationOptions,
  PasskeyRegistrationResponse,
  PasskeySignInOptions,
} from '#domain/passkeyContract';

/** The library's own test (browserSupportsWebAuthn), without loading it. */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const PLATFORMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Android": what the passkey is likely to be, for the customer to keep or change. */
export function suggestedPasskeyName(userAgent = navigator.userAgent): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const platform = PLATFORMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && platform) return `${browser} on ${platform}`;
  return browser ?? platform ?? 'My passkey';
}

/**
 * The browser's refusal in the words the screens use. The prompt closed, cancelled or timed out is a
 * NotAllowedError (or AbortError): said plainly; a device that holds a passkey of the account already is an
 * InvalidStateError; anything else names the browser's reason.
 */
function promptError(error: unknown): Error {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return new Error(PASSKEY_TEXTS.cancelled);
  if (name === 'InvalidStateError') return new Error(PASSKEY_TEXTS.exists);
  const reason = error instanceof Error && error.message ? error.message : String(error);
  return new Error(PASSKEY_TEXTS.failed(reason));
}

export async function createPasskey(options: PasskeyRegistrationOptions): Promise<PasskeyRegistrationResponse> {
  if (!browserSupportsPasskeys()) throw new Error(PASSKEY_TEXTS.unsupported);
  const { startRegistration } = await import('./passkeysPrompt');
  try {
    return (await startRegistration({ optionsJSON: options })) as PasskeyRegistrationResponse;
  } catch (error) {
    throw promptError(error);
  }
}

export async function askForPasskey(options: PasskeySignInOptions): Promise<PasskeyAuthenticationResponse> {
  if (!browserSupportsPasskeys()) throw new Error(PASSKEY_TEXTS.unsupported);
  const { startAuthentication } = await import('./passkeysPrompt');
  try {
    return (await startAuthentication({ optionsJSON: options })) as PasskeyAuthenticationResponse;
  } catch (error) {
    throw promptError(error);
  }
}
