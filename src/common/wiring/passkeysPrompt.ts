/**
 * The browser's passkey prompts, loaded by ./passkeysBrowser.ts only when one is about to open: this module is
 * the lazy chunk that carries @simplewebauthn/browser.
 */
export { startAuthentication, startRegistration } from '@simplewebauthn/browser';
