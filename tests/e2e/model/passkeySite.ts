/**
 * What the passkey browser models share: the site named http://localhost:<port> (playwright.config.ts: a
 * passkey's site cannot be an IP address), an account on it with a passkey the server knows, and Chromium's
 * virtual authenticator holding that passkey. The passkey is made by the software authenticator of the server
 * tests and its key handed to the virtual one, so each path starts without going through the screens.
 */
import type { KeyObject } from 'node:crypto';
import { type CDPSession, expect, type Page } from '@playwright/test';
import { SoftwareAuthenticator } from '#tests/server/passkeys-authenticator';
import { codeFrom, mailsTo, newAccount } from '../support';
import { googleOnlyAccount } from './google';

export const PASSKEY_SITE = process.env.E2E_PASSKEY_URL!;

export interface PasskeyAccount {
  token: string;
  email: string;
  /** The password, for an account that has one (null: Google only, it proves itself with a mailed code). */
  password: string | null;
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

/** A code the passkey site mails to the account for real, read from the outbox. */
export async function mailedCode(page: Page, account: Pick<PasskeyAccount, 'email' | 'token'>): Promise<string> {
  const sent = mailsTo(account.email).length;
  await json(page, '/users/two-factor/code', account.token);
  return codeFrom(account.email, sent);
}

/** The owner's proof the options take: the password, or a code mailed now. */
async function ownerProofOf(page: Page, account: Omit<PasskeyAccount, 'passkeyId' | 'authenticator'>) {
  return account.password === null ? { code: await mailedCode(page, account) } : { currentPassword: account.password };
}

/**
 * A new account on the passkey site with one passkey, named `name`, held by the page's virtual authenticator
 * (or, with `held` false, by no authenticator of the page: one it makes next is not refused as made already).
 * With `google`, the account signs in only with Google, made through the popup and signed in on the page.
 */
export async function accountWithPasskey(
  page: Page,
  name: string,
  held = true,
  google = false,
): Promise<PasskeyAccount> {
  const owner = google ? { ...(await googleOnlyAccount(page, PASSKEY_SITE)), password: null } : await signUp(page);
  const options = (await json(
    page,
    '/users/passkeys/registration/options',
    owner.token,
    await ownerProofOf(page, owner),
  )) as {
    challenge: string;
    user: { id: string };
  };
  const software = new SoftwareAuthenticator(PASSKEY_SITE);
  const passkey = await json(page, '/users/passkeys/registration', owner.token, {
    name,
    response: software.create(options),
  });
  const authenticator = await virtualAuthenticator(page);
  const account = { ...owner, passkeyId: String(passkey.id), authenticator };
  if (!held) return account;
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
  return account;
}

/** A new account with a password on the passkey site, signed up through the API. */
async function signUp(page: Page) {
  const account = newAccount();
  const response = await page.request.post(`${PASSKEY_SITE}/api/auth/register/email`, {
    multipart: { name: account.name, email: account.email, password: account.password },
  });
  const { token } = (await response.json()) as { token: string };
  return { token, email: account.email, password: account.password };
}

/** The browser's next prompts refuse (as a person cancelling, or failing the fingerprint) or answer. */
export async function promptsRefuse(account: PasskeyAccount, refuse: boolean) {
  await account.authenticator.cdp.send('WebAuthn.setUserVerified', {
    authenticatorId: account.authenticator.id,
    isUserVerified: !refuse,
  });
}

type Gate = { __letPromptGo?: () => boolean };

/**
 * Holds each of the page's passkey prompts (navigator.credentials.create) until `letPromptGo`, as a person
 * takes their time: holding the chunk that carries them holds only the first, and a second try reuses it.
 */
export async function holdPrompts(page: Page) {
  await page.addInitScript(() => {
    const credentials = navigator.credentials;
    const create = credentials.create.bind(credentials);
    const waiting: (() => void)[] = [];
    (window as Gate).__letPromptGo = () => {
      const next = waiting.shift();
      next?.();
      return next !== undefined;
    };
    credentials.create = (options) => new Promise<void>((resolve) => waiting.push(resolve)).then(() => create(options));
  });
}

/** Lets the prompt the page is waiting on go to the authenticator (waits for the page to ask for one). */
export async function letPromptGo(page: Page) {
  await expect.poll(() => page.evaluate(() => (window as Gate).__letPromptGo?.() ?? false)).toBe(true);
}

/** The chunk that carries the prompts: holding it holds the page's first prompt (src/common/wiring/passkeysPrompt.ts). */
export const PROMPT_CHUNK = '**/assets/passkeysPrompt-*.js';
