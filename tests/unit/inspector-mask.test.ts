/**
 * What the Stately inspector receives carries no secrets (src/app/inspectorMask.ts): real actors of the
 * real machines, inspected through the mask, and through the real inspector's own conversion
 * (`createInspector` of @statelyai/inspect with a recording adapter in place of the browser window).
 */
import { createInspector } from '@statelyai/inspect';
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, fromPromise, type InspectionEvent, waitFor } from 'xstate';
import { authMachine } from '#machines/auth.machine';
import { type GoogleSignInEvent, googleSignInMachine } from '#machines/googleSignIn.machine';
import type { Session } from '#domain/types';
import type { SignInResponse } from '#domain/contract';
import { loginMachine } from '#machines/login.machine';
import { MASK, maskData, maskInspectionEvent } from '#src/app/inspectorMask';

const PASSWORD = 'Hunter2-correct-horse';
const TOKEN = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const ACCESS_TOKEN = 'ya29.access-token-0123456789';
const OAUTH_STATE = 'oauth-state-a1b2c3d4e5f6';
const NONCE = 'nonce-0f1e2d3c4b5a6978';
const EMAIL = 'ada@example.test';

const session: Session = {
  user: { id: 'u1', name: 'Ada', email: EMAIL, avatarURL: '', lastLogin: null, emailVerified: true } as Session['user'],
  token: TOKEN,
};

/** JSON of anything an inspection event holds; actors and snapshots serialise through their toJSON. */
function serialise(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'object' && v !== null) {
      if (seen.has(v)) return '[seen]';
      seen.add(v);
    }
    return typeof v === 'function' ? undefined : v;
  });
}

/** Inspects through the mask, and through the real inspector (with a recording adapter) after it. */
function inspection() {
  const raw: InspectionEvent[] = [];
  const masked: InspectionEvent[] = [];
  const sent: string[] = [];
  const inspector = createInspector({ send: (event) => sent.push(serialise(event)) });
  const inspect = (event: InspectionEvent) => {
    raw.push(event);
    const copy = maskInspectionEvent(event);
    masked.push(copy);
    inspector.inspect.next?.(copy);
  };
  /** Everything the inspector could see: the events, the snapshots the actors answer now, what it sent. */
  const everything = async () => {
    await new Promise((resolve) => setTimeout(resolve, 20)); // the inspector converts on an idle callback
    const snapshotsNow = masked
      .filter((event) => event.type === '@xstate.actor')
      .map((event) => (event.actorRef as AnyActorRef).getSnapshot());
    return [serialise(masked), serialise(snapshotsNow), ...sent].join('\n');
  };
  return { raw, masked, sent, inspect, everything };
}

/** The snapshots of the root actor (the machine), in order, as the inspector received them. */
function snapshotsOf(events: InspectionEvent[]) {
  return events.flatMap((event) =>
    event.type === '@xstate.snapshot' && (event.actorRef as AnyActorRef).sessionId === event.rootId
      ? [event.snapshot as unknown as { value: unknown; context: Record<string, unknown> }]
      : [],
  );
}

describe('the inspector mask', () => {
  it("login's second step: the ticket and the typed code never reach the inspector", async () => {
    const TICKET = 'Tk3t'.repeat(10) + 'abc';
    const CODE = '482913';
    const seen = inspection();
    const actor = createActor(
      loginMachine.provide({
        actors: {
          loginWithEmail: fromPromise(async (): Promise<SignInResponse> => ({
            secondStep: { kind: 'email-code', ticket: TICKET },
          })),
          confirmSecondStep: fromPromise(async (): Promise<SignInResponse> => session),
        },
      }),
      { inspect: seen.inspect },
    ).start();
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('secondStep'));
    actor.send({ type: 'login.changeCode', code: CODE });
    actor.send({ type: 'login.confirmCode' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');

    const raw = serialise(seen.raw);
    expect(raw).toContain(TICKET);
    expect(raw).toContain(CODE);
    const everything = await seen.everything();
    expect(everything).not.toContain(TICKET);
    expect(everything).not.toContain(CODE);
    expect(everything).toContain('email-code');
  });

  it('login: the typed password and the session token never reach the inspector; e-mail and states do', async () => {
    const seen = inspection();
    const actor = createActor(
      loginMachine.provide({ actors: { loginWithEmail: fromPromise(async (): Promise<SignInResponse> => session) } }),
      {
        inspect: seen.inspect,
      },
    ).start();
    actor.send({ type: 'login.change', field: 'email', value: EMAIL });
    actor.send({ type: 'login.change', field: 'password', value: PASSWORD });
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');

    // The unmasked events did carry the secrets (so the test means something), and the live actor keeps them.
    const raw = serialise(seen.raw);
    expect(raw).toContain(PASSWORD);
    expect(raw).toContain(TOKEN);
    expect(actor.getSnapshot().context.password).toBe(PASSWORD);

    const everything = await seen.everything();
    expect(seen.sent.length).toBeGreaterThan(0);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(TOKEN);
    expect(everything).toContain(EMAIL);

    const change = seen.masked.find(
      (e) => e.type === '@xstate.event' && e.event.type === 'login.change' && e.event.field === 'password',
    );
    expect(change && 'event' in change && change.event).toEqual({
      type: 'login.change',
      field: 'password',
      value: MASK,
    });
    const snapshots = snapshotsOf(seen.masked);
    expect(snapshots.map((s) => s.value)).toEqual(
      expect.arrayContaining(['editing', { submitting: 'spinning' }, 'succeeded']),
    );
    // (No client config is given here, so whether Google is offered stays unknown.)
    expect(snapshots.at(-1)!.context).toEqual({
      email: EMAIL,
      password: MASK,
      error: null,
      google: 'unknown',
      secondStep: null,
      code: '',
    });
  });

  it('googleSignIn: the OAuth state, nonce, access token and session token are masked; state values stay', async () => {
    const seen = inspection();
    let report: ((event: GoogleSignInEvent) => void) | undefined;
    const actor = createActor(
      googleSignInMachine.provide({
        actors: {
          openPopup: fromPromise(async () => {}),
          watchPopup: fromCallback<GoogleSignInEvent>(({ sendBack }) => {
            report = sendBack;
            return () => {};
          }),
          exchangeToken: fromPromise(async (): Promise<SignInResponse> => session),
        },
      }),
      { input: { mode: 'login', state: OAUTH_STATE, nonce: NONCE }, inspect: seen.inspect },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('awaiting'));
    report!({ type: 'google.callback', accessToken: ACCESS_TOKEN, state: OAUTH_STATE });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ answer: session });

    const raw = serialise(seen.raw);
    for (const secret of [OAUTH_STATE, NONCE, ACCESS_TOKEN, TOKEN]) expect(raw).toContain(secret);

    const everything = await seen.everything();
    for (const secret of [OAUTH_STATE, NONCE, ACCESS_TOKEN, TOKEN]) expect(everything).not.toContain(secret);
    expect(everything).toContain(EMAIL);

    const snapshots = snapshotsOf(seen.masked);
    expect(snapshots.map((s) => s.value)).toEqual(
      expect.arrayContaining(['opening', { awaiting: 'open' }, 'exchanging', 'succeeded']),
    );
    expect(snapshots.at(-1)!.context).toMatchObject({
      mode: 'login',
      state: MASK,
      nonce: MASK,
      accessToken: MASK,
      answer: { user: { email: EMAIL }, token: MASK },
    });
  });

  it('auth: the token of a signed-in session is masked in the event, the action parameters and the context', async () => {
    const seen = inspection();
    const actor = createActor(
      authMachine.provide({
        actors: {
          authenticate: fromPromise<Session['user']>(async () => {
            throw new Error('nobody');
          }),
        },
      }),
      { inspect: seen.inspect },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    actor.send({ type: 'auth.signedIn', session });
    expect(actor.getSnapshot().value).toBe('signedIn');

    expect(serialise(seen.raw)).toContain(TOKEN);
    const everything = await seen.everything();
    expect(everything).not.toContain(TOKEN);
    expect(everything).toContain(EMAIL);

    const signedIn = seen.masked.find((e) => e.type === '@xstate.event' && e.event.type === 'auth.signedIn');
    expect(signedIn && 'event' in signedIn && signedIn.event).toMatchObject({
      session: { token: MASK, user: { email: EMAIL } },
    });
    const persist = seen.masked.find((e) => e.type === '@xstate.action' && e.action.type === 'persistToken');
    expect(persist && 'action' in persist && persist.action.params).toEqual({ token: MASK });
    expect(snapshotsOf(seen.masked).map((s) => s.value)).toEqual(['checking', 'signedOut', 'signedIn']);
  });

  it('copies, never changes, the data it masks', () => {
    const data = {
      user: { email: EMAIL, name: 'Ada' },
      values: { oldPassword: 'a', newPassword: 'b', confirmPassword: 'c', code: '123456' },
      list: [{ access_token: 'x', id_token: 'y', googleToken: 'z' }],
      empty: { password: '' },
      nothing: { accessToken: null },
      field: { field: 'newPassword', value: 'typed' },
      other: { field: 'email', value: EMAIL },
      country_code: 'NZ',
    };
    const before = structuredClone(data);
    expect(maskData(data)).toEqual({
      user: { email: EMAIL, name: 'Ada' },
      values: { oldPassword: MASK, newPassword: MASK, confirmPassword: MASK, code: MASK },
      list: [{ access_token: MASK, id_token: MASK, googleToken: MASK }],
      empty: { password: '' },
      nothing: { accessToken: null },
      field: { field: 'newPassword', value: MASK },
      other: { field: 'email', value: EMAIL },
      country_code: 'NZ',
    });
    expect(data).toEqual(before);
  });
});
