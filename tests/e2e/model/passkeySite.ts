/**
 * What the passkey browser models share: the site named http://localhost:<port> (playwright.config.ts: a
 * passkey's site cannot be an IP address), an account on it with a passkey the server knows, and Chromium's
 * virtual authenticator holding that passkey. The passkey is made by the software authenticator of the server
 * tests and its key handed to the virtual one, so each path starts without going through the screens.
 */
import type { KeyObject } from 'node:crypto';
import type { CDPSession, Page } from '@playwright/test';
import { SoftwareAuthenticator } from '../../server/passkeys-authenticator';
import { newAccount } from '../support';

export const PASSKEY_SITE = process.env.E2E_PASSKEY_URL!;

export interface PasskeyAccount {
  token: string;
  /** The id the server gave the passkey. */
  passkeyId: string;
  authenticator: { cdp: CDPSession; id: string };
}

async function json(page: Page, path: string, token: string | null, data?: unknown) {
  const response = await page.request.post(`${PASSKEY_SITE}/api${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** Chromium's authenticator, verifying its user (a PIN, a fingerprint) and holding discoverable passkeys. */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

/**
 * A new account on the passkey site with one passkey, named `name`, held by the page's virtual authenticator
 * (or, with `held` false, by no authenticator of the page: one it makes next is not refused as made already).
 */
export async function accountWithPasskey(page: Page, name: string, held = true): Promise<PasskeyAccount> {
  const account = newAccount();
  const signUp = await page.request.post(`${PASSKEY_SITE}/api/auth/register/email`, {
    multipart: { name: account.name, email: account.email, password: account.password },
  });
  const { token } = (await signUp.json()) as { token: string };
  const options = (await json(page, '/users/passkeys/registration/options', token)) as {
    challenge: string;
    user: { id: string };
  };
  const software = new SoftwareAuthenticator(PASSKEY_SITE);
  const passkey = await json(page, '/users/passkeys/registration', token, { name, response: software.create(options) });
  const authenticator = await virtualAuthenticator(page);
  if (!held) return { token, passkeyId: String(passkey.id), authenticator };
  const key = (software as unknown as { privateKey: KeyObject }).privateKey;
  await authenticator.cdp.send('WebAuthn.addCredential', {
    authenticatorId: authenticator.id,
    credential: {
      credentialId: software.credentialId.toString('base64'),
      isResidentCredential: true,
      rpId: new URL(PASSKEY_SITE).hostname,
      privateKey: key.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      userHandle: Buffer.from(options.user.id, 'base64url').toString('base64'),
      signCount: software.counter + 1,
    },
  });
  return { token, passkeyId: String(passkey.id), authenticator };
}

/** The browser's next prompts refuse (as a person cancelling, or failing the fingerprint) or answer. */
export async function promptsRefuse(account: PasskeyAccount, refuse: boolean) {
  await account.authenticator.cdp.send('WebAuthn.setUserVerified', {
    authenticatorId: account.authenticator.id,
    isUserVerified: !refuse,
  });
}

/** The chunk that carries the prompts: holding it holds the page's first prompt (src/common/wiring/passkeysPrompt.ts). */
export const PROMPT_CHUNK = '**/assets/passkeysPrompt-*.js';
