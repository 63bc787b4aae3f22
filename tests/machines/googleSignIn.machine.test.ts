import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, toPromise } from 'xstate';
import { GOOGLE_ERRORS, googleSignInMachine, type GoogleSignInEvent } from '../../machines/googleSignIn.machine';
import { adaSession } from './fixtures';
import { describePathTests } from './pathTest';
import { googleSignInSamples } from './samples';

const input = { mode: 'register' as const, state: 'state-1', nonce: 'nonce-1' };

describePathTests({
  machine: googleSignInMachine,
  ...googleSignInSamples,
  check: (snapshot) => {
    if (snapshot.matches('succeeded')) expect(snapshot.output).toEqual({ session: adaSession });
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
    await expect(toPromise(actor)).resolves.toEqual({ session: adaSession });
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
