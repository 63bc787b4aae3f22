import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, toPromise } from 'xstate';
import { GOOGLE_ERRORS, googleSignInMachine, type GoogleSignInEvent } from '#machines/googleSignIn.machine';
import type { SignInResponse } from '#domain/contract';
import { adaSession } from './fixtures';
import { describePathTests } from './pathTest';
import { googleSignInSamples } from './samples';

const input = { mode: 'register' as const, state: 'state-1', nonce: 'nonce-1' };

describePathTests({
  machine: googleSignInMachine,
  ...googleSignInSamples,
  check: (snapshot) => {
    // The server's answer, a session or the app's step, is the output as it came.
    if (snapshot.matches('succeeded')) expect(snapshot.output).toEqual({ answer: snapshot.context.answer });
    if (snapshot.matches('succeeded'))
      expect(googleSignInSamples.outputs?.exchangeToken).toContainEqual(snapshot.context.answer);
    if (snapshot.matches('failed')) expect(snapshot.output).toEqual({ error: expect.stringMatching(/\w/) });
  },
});

describe('googleSignIn: what the customer reads', () => {
  afterEach(() => vi.useRealTimers());

  function start(options: {
    open?: () => Promise<void>;
    exchange?: (input: { mode: string; accessToken: string }) => Promise<typeof adaSession>;
  }) {
    let sendBack: (event: GoogleSignInEvent) => void = () => {};
    const closePopup = vi.fn();
    const actor = createActor(
      googleSignInMachine.provide({
        actors: {
          openPopup: fromPromise(options.open ?? (async () => {})),
          watchPopup: fromCallback<GoogleSignInEvent>(({ sendBack: send }) => {
            sendBack = send;
          }),
          exchangeToken: fromPromise(({ input }) => (options.exchange ?? (async () => adaSession))(input)),
        },
        actions: { closePopup },
      }),
      { input },
    ).start();
    return { actor, closePopup, report: (event: GoogleSignInEvent) => sendBack(event) };
  }

  it('hands the access token to the server only when state matches, and closes the popup', async () => {
    const exchange = vi.fn(async () => adaSession);
    const { actor, closePopup, report } = start({ exchange });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('awaiting')).toBe(true));
    report({ type: 'google.callback', accessToken: 'tok', state: 'state-1' });
    await expect(toPromise(actor)).resolves.toEqual({ answer: adaSession });
    expect(exchange).toHaveBeenCalledWith({ mode: 'register', accessToken: 'tok' });
    expect(closePopup).toHaveBeenCalledTimes(1);
  });

  it('refuses an answer with another state', async () => {
    const exchange = vi.fn(async () => adaSession);
    const { actor, report } = start({ exchange });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('awaiting')).toBe(true));
    report({ type: 'google.callback', accessToken: 'tok', state: 'someone-elses' });
    await expect(toPromise(actor)).resolves.toEqual({ error: GOOGLE_ERRORS.stateMismatch });
    expect(exchange).not.toHaveBeenCalled();
  });

  it('a blocked popup and a closed popup each say so; an answer within 8 s of "closed" still counts', async () => {
    const blocked = start({ open: async () => Promise.reject(new Error(GOOGLE_ERRORS.popupBlocked)) });
    await expect(toPromise(blocked.actor)).resolves.toEqual({ error: GOOGLE_ERRORS.popupBlocked });

    vi.useFakeTimers();
    const late = start({});
    await vi.advanceTimersByTimeAsync(0);
    late.report({ type: 'google.closed' });
    await vi.advanceTimersByTimeAsync(7999);
    late.report({ type: 'google.callback', accessToken: 'tok', state: 'state-1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(late.actor.getSnapshot().value).toBe('succeeded');

    const closed = start({});
    await vi.advanceTimersByTimeAsync(0);
    closed.report({ type: 'google.closed' });
    await vi.advanceTimersByTimeAsync(7999);
    expect(closed.actor.getSnapshot().matches('awaiting')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(closed.actor.getSnapshot().output).toEqual({ error: GOOGLE_ERRORS.popupClosedByUser });
  });
});

const loginInput = { mode: 'login' as const, state: 'state-7', nonce: 'nonce-7' };

function startPopup(options: { open?: () => Promise<void>; exchange?: () => Promise<SignInResponse> } = {}) {
  let report: (event: GoogleSignInEvent) => void = () => {};
  const open = vi.fn((_input: { state: string; nonce: string }) => (options.open ?? (async () => {}))());
  const exchange = vi.fn((_input: { mode: string; accessToken: string }) =>
    (options.exchange ?? (async () => adaSession))(),
  );
  const closePopup = vi.fn();
  const actor = createActor(
    googleSignInMachine.provide({
      actors: {
        openPopup: fromPromise(({ input }) => open(input)),
        watchPopup: fromCallback<GoogleSignInEvent>(({ sendBack }) => {
          report = sendBack;
        }),
        exchangeToken: fromPromise(({ input }) => exchange(input)),
      },
      actions: { closePopup },
    }),
    { input: loginInput },
  ).start();
  const awaiting = () => vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ awaiting: 'open' }));
  return { actor, open, exchange, closePopup, awaiting, report: (event: GoogleSignInEvent) => report(event) };
}

describe('googleSignIn: the popup and the token', () => {
  afterEach(() => vi.useRealTimers());

  it('opens the popup with its state and nonce, knowing no token, session or error yet', () => {
    const { actor, open } = startPopup({ open: () => new Promise(() => {}) });
    expect(actor.getSnapshot().value).toBe('opening');
    expect(actor.getSnapshot().context).toEqual({ ...loginInput, accessToken: null, answer: null, error: null });
    expect(open).toHaveBeenCalledWith({ state: 'state-7', nonce: 'nonce-7' });
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['openPopup']);
  });

  it('watches the popup, then hands the token to the server in the mode it was opened for', async () => {
    const { actor, exchange, awaiting, report } = startPopup({ exchange: () => new Promise(() => {}) });
    await awaiting();
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['watchPopup']);
    report({ type: 'google.callback', accessToken: 'access-7', state: 'state-7' });
    expect(actor.getSnapshot().value).toBe('exchanging');
    expect(actor.getSnapshot().context.accessToken).toBe('access-7');
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['exchangeToken']);
    expect(exchange).toHaveBeenCalledWith({ mode: 'login', accessToken: 'access-7' });
  });

  it('a refusal of the provider closes the popup and says the reason', async () => {
    const { actor, closePopup, awaiting, report } = startPopup();
    await awaiting();
    report({ type: 'google.providerError', reason: 'access_denied' });
    expect(closePopup).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().output).toEqual({
      error: 'Google could not sign you in (access_denied). Please try again.',
    });
  });

  it('an answer with another state closes the popup and is not trusted', async () => {
    const { actor, closePopup, exchange, awaiting, report } = startPopup();
    await awaiting();
    report({ type: 'google.callback', accessToken: 'access-7', state: 'state-8' });
    expect(closePopup).toHaveBeenCalledTimes(1);
    expect(exchange).not.toHaveBeenCalled();
    expect(actor.getSnapshot().output).toEqual({
      error: 'The answer from Google could not be trusted. Please try again.',
    });
  });

  it('a popup closed for 8 s counts as closed by the customer', async () => {
    vi.useFakeTimers();
    const { actor, report } = startPopup();
    await vi.advanceTimersByTimeAsync(0);
    report({ type: 'google.closed' });
    expect(actor.getSnapshot().value).toEqual({ awaiting: 'closed' });
    await vi.advanceTimersByTimeAsync(7999);
    expect(actor.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().output).toEqual({
      error: 'The Google sign-in window was closed before you finished signing in.',
    });
  });

  it("the server's refusal and the opener's error are said as they come", async () => {
    const refused = startPopup({
      exchange: () => Promise.reject(new Error('This Google account has no account here.')),
    });
    await refused.awaiting();
    refused.report({ type: 'google.callback', accessToken: 'access-7', state: 'state-7' });
    await vi.waitFor(() => expect(refused.actor.getSnapshot().status).toBe('done'));
    expect(refused.actor.getSnapshot().output).toEqual({ error: 'This Google account has no account here.' });

    const blocked = startPopup({ open: () => Promise.reject(new Error('Blocked.')) });
    await vi.waitFor(() => expect(blocked.actor.getSnapshot().status).toBe('done'));
    expect(blocked.actor.getSnapshot().value).toBe('failed');
    expect(blocked.actor.getSnapshot().output).toEqual({ error: 'Blocked.' });
  });

  it('a signed-in session is the output', async () => {
    const { actor, awaiting, report } = startPopup();
    await awaiting();
    report({ type: 'google.callback', accessToken: 'access-7', state: 'state-7' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().context.answer).toEqual(adaSession);
    expect(actor.getSnapshot().output).toEqual({ answer: adaSession });
  });

  it("the authenticator app's step the server asks for is the output, for the screen to take", async () => {
    const step = { secondStep: { kind: 'totp' as const, ticket: 'A'.repeat(43) } };
    const { actor, awaiting, report } = startPopup({ exchange: async () => step });
    await awaiting();
    report({ type: 'google.callback', accessToken: 'access-7', state: 'state-7' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().output).toEqual({ answer: step });
  });

  it('the texts of a blocked popup and of a site without Google sign-in', () => {
    // Thrown by the popup's opener and shown by the sign-in screens, in these words.
    expect(GOOGLE_ERRORS.popupBlocked).toBe(
      'The Google sign-in window was blocked. Allow pop-ups for this site and try again.',
    );
    expect(GOOGLE_ERRORS.unavailable).toBe(
      'Google sign-in is not available on this site. Please use your e-mail and password.',
    );
  });

  it('without an exchangeToken actor provided, the error names it', async () => {
    let report: (event: GoogleSignInEvent) => void = () => {};
    const actor = createActor(
      googleSignInMachine.provide({
        actors: {
          watchPopup: fromCallback<GoogleSignInEvent>(({ sendBack }) => {
            report = sendBack;
          }),
        },
      }),
      { input: loginInput },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ awaiting: 'open' }));
    report({ type: 'google.callback', accessToken: 'access-7', state: 'state-7' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().output).toEqual({ error: 'exchangeToken is not provided' });
  });
});
