import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PASSKEY_TEXTS } from '#machines/passkeys.machine';
import { passkeySignInMachine } from '#machines/passkeySignIn.machine';
import type { Session } from '#domain/types';
import { adaSession } from './fixtures';
import { describePathTests } from './pathTest';
import { AUTHENTICATION_RESPONSE, passkeySignInSamples, SIGN_IN_OPTIONS, UNKNOWN_PASSKEY } from './passkeySamples';

describePathTests({
  machine: passkeySignInMachine,
  ...passkeySignInSamples,
  check: (snapshot) => {
    // The options and the browser's answer live only as long as the steps that use them.
    if (snapshot.matches('idle') || snapshot.matches('succeeded')) {
      expect(snapshot.context.options).toBeNull();
      expect(snapshot.context.response).toBeNull();
    }
    if (!snapshot.matches('idle')) expect(snapshot.context.error).toBeNull();
  },
});

describe('passkeySignIn', () => {
  function start(overrides: { ask?: () => Promise<typeof AUTHENTICATION_RESPONSE>; verify?: () => Promise<Session> }) {
    const signedIn: Session[] = [];
    const asked: unknown[] = [];
    const verified: unknown[] = [];
    let home = 0;
    const actor = createActor(
      passkeySignInMachine.provide({
        actors: {
          signInOptions: fromPromise(async () => SIGN_IN_OPTIONS),
          askForPasskey: fromPromise(async ({ input }) => {
            asked.push(input);
            return (overrides.ask ?? (async () => AUTHENTICATION_RESPONSE))();
          }),
          verifyPasskey: fromPromise(async ({ input }) => {
            verified.push(input);
            return (overrides.verify ?? (async () => adaSession))();
          }),
        },
        actions: { signIn: (_, session) => void signedIn.push(session), goHome: () => void (home += 1) },
      }),
    ).start();
    return { actor, signedIn, asked, verified, home: () => home };
  }

  it('asks the browser with the server options and hands the session to the auth actor, then goes home', async () => {
    const run = start({});
    run.actor.send({ type: 'passkeySignIn.start' });
    await vi.waitFor(() => expect(run.actor.getSnapshot().status).toBe('done'));
    expect(run.asked).toEqual([SIGN_IN_OPTIONS]);
    expect(run.verified).toEqual([AUTHENTICATION_RESPONSE]);
    expect(run.signedIn).toEqual([adaSession]);
    expect(run.home()).toBe(1);
  });

  it('says a cancelled prompt plainly, sends nothing to verify, and can be tried again', async () => {
    const run = start({
      ask: async () => {
        throw new Error(PASSKEY_TEXTS.cancelled);
      },
    });
    run.actor.send({ type: 'passkeySignIn.start' });
    await vi.waitFor(() => expect(run.actor.getSnapshot().context.error).toBe(PASSKEY_TEXTS.cancelled));
    expect(run.actor.getSnapshot().value).toBe('idle');
    expect(run.verified).toEqual([]);
    expect(run.signedIn).toEqual([]);
    run.actor.send({ type: 'passkeySignIn.start' });
    expect(run.actor.getSnapshot().context.error).toBeNull();
  });

  it("shows the server's refusal and signs nobody in", async () => {
    const run = start({
      verify: async () => {
        throw new Error(UNKNOWN_PASSKEY);
      },
    });
    run.actor.send({ type: 'passkeySignIn.start' });
    await vi.waitFor(() => expect(run.actor.getSnapshot().context.error).toBe(UNKNOWN_PASSKEY));
    expect(run.signedIn).toEqual([]);
    expect(run.home()).toBe(0);
  });

  it('fails with the name of a service the page did not provide, and without WebAuthn says so', async () => {
    const bare = createActor(passkeySignInMachine).start();
    bare.send({ type: 'passkeySignIn.start' });
    await vi.waitFor(() => expect(bare.getSnapshot().context.error).toBe('signInOptions is not provided'));
    const noPrompt = createActor(
      passkeySignInMachine.provide({ actors: { signInOptions: fromPromise(async () => SIGN_IN_OPTIONS) } }),
    ).start();
    noPrompt.send({ type: 'passkeySignIn.start' });
    await vi.waitFor(() => expect(noPrompt.getSnapshot().context.error).toBe(PASSKEY_TEXTS.unsupported));
    const noVerify = createActor(
      passkeySignInMachine.provide({
        actors: {
          signInOptions: fromPromise(async () => SIGN_IN_OPTIONS),
          askForPasskey: fromPromise(async () => AUTHENTICATION_RESPONSE),
        },
      }),
    ).start();
    noVerify.send({ type: 'passkeySignIn.start' });
    await vi.waitFor(() => expect(noVerify.getSnapshot().context.error).toBe('verifyPasskey is not provided'));
  });
});
