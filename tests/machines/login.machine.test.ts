import { loginSamples } from './samples';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { GOOGLE_ERRORS } from '#machines/googleSignIn.machine';
import { loginMachine } from '#machines/login.machine';
import type { Session } from '#domain/types';
import type { SignInResponse } from '#domain/contract';
import { adaSession } from './fixtures';
import { describePathTests } from './pathTest';

describePathTests({
  machine: loginMachine,
  ...loginSamples,
  errors: {
    loginRequest: [new Error('Invalid e-mail or password.'), new Error('')],
    secondStepRequest: [new Error('This code is not valid or has expired.')],
    // A wrong code, and a 429 past the code limits.
    appCodeRequest: [
      new Error('This code is not valid or has expired.'),
      new Error('Too many wrong codes. Please try again later.'),
    ],
    recoveryCodeRequest: [new Error('This code is not valid or has expired.')],
    googleRequest: [new Error('The sign-in window was closed.')],
    googleAvailability: [new Error('Network Error')],
  },
  // Field values multiply states without adding shapes; the error and what the client config said matter.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      error: snapshot.context.error,
      filled: snapshot.context.email !== '',
      code: snapshot.context.code,
      google: snapshot.context.google,
    }),
  check: (snapshot) => {
    const entering =
      snapshot.matches({ secondStep: { emailCode: 'entering' } }) ||
      snapshot.matches({ secondStep: { totp: { appCode: 'entering' } } }) ||
      snapshot.matches({ secondStep: { totp: { recoveryCode: 'entering' } } });
    if (!snapshot.matches('editing') && !entering) expect(snapshot.context.error).toBeNull();
    // The second step's screen always knows which ticket it is for, and shows the step of its kind.
    expect(snapshot.matches('secondStep')).toBe(snapshot.context.secondStep !== null);
    expect(snapshot.matches({ secondStep: 'emailCode' })).toBe(snapshot.context.secondStep?.kind === 'email-code');
    expect(snapshot.matches({ secondStep: 'totp' })).toBe(snapshot.context.secondStep?.kind === 'totp');
    // A site known to have no Google sign-in has no Google button: no press, so nothing to say about it.
    expect(snapshot.context.error).not.toBe(GOOGLE_ERRORS.unavailable);
  },
});

describe('login: the rules of the screen', () => {
  afterEach(() => vi.useRealTimers());

  it('goes nowhere near the popup when the client config has no Google: the screen offers no Google button', async () => {
    const popup = vi.fn(async () => adaSession);
    const actor = createActor(
      loginMachine.provide({
        actors: {
          checkGoogle: fromPromise(async () => false),
          continueWithGoogle: fromPromise<SignInResponse>(popup),
        },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().context.google).toBe('unavailable'));
    expect(actor.getSnapshot().can({ type: 'login.google' })).toBe(false);
    actor.send({ type: 'login.google' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(popup).not.toHaveBeenCalled();
  });

  it('opens the popup when the site offers Google, or when the client config could not be read', async () => {
    for (const checkGoogle of [async () => true, async () => Promise.reject(new Error('Network Error'))]) {
      const actor = createActor(
        loginMachine.provide({
          actors: {
            checkGoogle: fromPromise(checkGoogle),
            continueWithGoogle: fromPromise(() => new Promise<SignInResponse>(() => {})),
          },
        }),
      ).start();
      await vi.waitFor(() => expect(actor.getSnapshot().context.google).not.toBe('checking'));
      actor.send({ type: 'login.google' });
      expect(actor.getSnapshot().value).toBe('withGoogle');
    }
  });

  function start(request: (input: { email: string; password: string }) => Promise<typeof adaSession>) {
    const signIn = vi.fn();
    const goHome = vi.fn();
    const actor = createActor(
      loginMachine.provide({
        actors: { loginWithEmail: fromPromise(({ input }) => request(input)) },
        actions: { signIn: (_, session) => signIn(session), goHome },
      }),
    ).start();
    return { actor, signIn, goHome };
  }

  it('sends the trimmed e-mail, hands the session on and goes home', async () => {
    const request = vi.fn(async (_input: { email: string; password: string }) => adaSession);
    const { actor, signIn, goHome } = start(request);
    actor.send({ type: 'login.change', field: 'email', value: '  ada@example.com ' });
    actor.send({ type: 'login.change', field: 'password', value: ' secret ' });
    actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(request).toHaveBeenCalledWith({ email: 'ada@example.com', password: ' secret ' });
    expect(signIn).toHaveBeenCalledWith(adaSession);
    expect(goHome).toHaveBeenCalledTimes(1);
  });

  it("shows the server's text, or 'Network Error' without one; typing clears it", async () => {
    const { actor } = start(async () => {
      throw new Error('Invalid e-mail or password.');
    });
    actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('Invalid e-mail or password.'));
    actor.send({ type: 'login.change', field: 'password', value: 'x' });
    expect(actor.getSnapshot().context.error).toBeNull();

    const silent = start(async () => {
      throw new Error('');
    });
    silent.actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(silent.actor.getSnapshot().context.error).toBe('Network Error'));
  });

  it('clears the spinner after 1.5 s while the request is still out', () => {
    vi.useFakeTimers();
    const { actor } = start(() => new Promise(() => {}));
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().matches({ submitting: 'spinning' })).toBe(true);
    vi.advanceTimersByTime(1499);
    expect(actor.getSnapshot().matches({ submitting: 'spinning' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ submitting: 'waiting' })).toBe(true);
  });
});

describe('login: left unwired', () => {
  it('says which request is missing instead of signing in', async () => {
    const signIn = vi.fn();
    const actor = createActor(loginMachine.provide({ actions: { signIn } })).start();
    actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(actor.getSnapshot().context.error).toBe('loginWithEmail is not provided');
    expect(signIn).not.toHaveBeenCalled();
  });
});

// The states the Login and Register screens share (machines/lib/signInStates.ts), seen through the login machine.
const never = <T>() => new Promise<T>(() => {});

function startLogin(
  actors: {
    checkGoogle?: () => Promise<boolean>;
    loginWithEmail?: () => Promise<SignInResponse>;
    confirmSecondStep?: (input: { ticket: string; code: string }) => Promise<SignInResponse>;
    confirmTotpStep?: (input: { ticket: string; code: string }) => Promise<Session>;
    continueWithGoogle?: () => Promise<SignInResponse>;
  } = {},
) {
  const signedIn: Session[] = [];
  let wentHome = 0;
  const actor = createActor(
    loginMachine.provide({
      actors: {
        checkGoogle: fromPromise(actors.checkGoogle ?? (() => never<boolean>())),
        loginWithEmail: fromPromise(actors.loginWithEmail ?? (() => never<SignInResponse>())),
        confirmSecondStep: fromPromise(({ input }) =>
          (actors.confirmSecondStep ?? (() => never<SignInResponse>()))(input),
        ),
        confirmTotpStep: fromPromise(({ input }) => (actors.confirmTotpStep ?? (() => never<Session>()))(input)),
        continueWithGoogle: fromPromise(actors.continueWithGoogle ?? (() => never<SignInResponse>())),
      },
      actions: {
        signIn: (_, session) => signedIn.push(session),
        goHome: () => (wentHome += 1),
      },
    }),
  ).start();
  return { actor, signedIn, wentHome: () => wentHome };
}

describe('sign-in states: whether the site offers Google', () => {
  it('asks the client config at once', () => {
    const { actor } = startLogin();
    expect(actor.getSnapshot().context.google).toBe('checking');
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['googleAvailability']);
  });

  it.each([
    [() => Promise.resolve(true), 'available'],
    [() => Promise.resolve(false), 'unavailable'],
    [() => Promise.reject(new Error('Network Error')), 'unknown'],
  ] as const)('%#: the answer is kept as %s', async (checkGoogle, google) => {
    const { actor } = startLogin({ checkGoogle });
    await vi.waitFor(() => expect(actor.getSnapshot().context.google).toBe(google));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('without a checkGoogle actor provided, it is not known', async () => {
    const actor = createActor(loginMachine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().context.google).toBe('unknown'));
  });
});

describe('sign-in states: a request', () => {
  afterEach(() => vi.useRealTimers());

  it('spins for 1.5 s at most, then waits with the buttons disabled', () => {
    vi.useFakeTimers();
    const { actor } = startLogin();
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().value).toEqual({ submitting: 'spinning' });
    vi.advanceTimersByTime(1499);
    expect(actor.getSnapshot().value).toEqual({ submitting: 'spinning' });
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toEqual({ submitting: 'waiting' });
  });

  it('a session signs in once, goes home once and ends the screen', async () => {
    const { actor, signedIn, wentHome } = startLogin({ loginWithEmail: async () => adaSession });
    actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(signedIn).toEqual([adaSession]);
    expect(wentHome()).toBe(1);
  });

  it("an error goes back to editing with the error's text", async () => {
    const { actor, signedIn } = startLogin({ loginWithEmail: () => Promise.reject(new Error('Too many attempts.')) });
    actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(actor.getSnapshot().context.error).toBe('Too many attempts.');
    expect(signedIn).toEqual([]);
  });

  it('the Google request runs under its own id and ends like the e-mail request', async () => {
    const google = startLogin({ checkGoogle: async () => true, continueWithGoogle: async () => adaSession });
    google.actor.send({ type: 'login.google' });
    expect(Object.keys(google.actor.getSnapshot().children)).toContain('googleRequest');
    await vi.waitFor(() => expect(google.actor.getSnapshot().status).toBe('done'));
    expect(google.signedIn).toEqual([adaSession]);
    expect(google.wentHome()).toBe(1);

    const refused = startLogin({ continueWithGoogle: () => Promise.reject(new Error('The window was closed.')) });
    refused.actor.send({ type: 'login.google' });
    await vi.waitFor(() => expect(refused.actor.getSnapshot().value).toBe('editing'));
    expect(refused.actor.getSnapshot().context.error).toBe('The window was closed.');
  });

  it('without a continueWithGoogle actor provided, the error names it', async () => {
    const actor = createActor(loginMachine).start();
    actor.send({ type: 'login.google' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('continueWithGoogle is not provided'));
  });
});

describe('the second step', () => {
  const TICKET = 'T'.repeat(43);
  const asked = async (): Promise<SignInResponse> => ({ secondStep: { kind: 'email-code', ticket: TICKET } });

  it('asks for the e-mailed code, sends it trimmed with the ticket, and signs in with the answer', async () => {
    const sent: Array<{ ticket: string; code: string }> = [];
    let fail = true;
    const { actor, signedIn, wentHome } = startLogin({
      loginWithEmail: asked,
      confirmSecondStep: async (input) => {
        sent.push(input);
        if (fail) throw new Error('This code is not valid or has expired.');
        return adaSession;
      },
    });
    actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ secondStep: { emailCode: 'entering' } })).toBe(true));
    expect(signedIn).toEqual([]);
    expect(actor.getSnapshot().context.secondStep).toEqual({ kind: 'email-code', ticket: TICKET });

    // Only six digits go.
    for (const code of ['12345', '1234567', 'abcdef']) {
      actor.send({ type: 'login.changeCode', code: code });
      actor.send({ type: 'login.confirmCode' });
      expect(actor.getSnapshot().matches({ secondStep: { emailCode: 'entering' } })).toBe(true);
    }
    actor.send({ type: 'login.changeCode', code: ' 123456 ' });
    actor.send({ type: 'login.confirmCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('This code is not valid or has expired.'));
    expect(actor.getSnapshot().matches({ secondStep: { emailCode: 'entering' } })).toBe(true);
    // Typing clears the error.
    actor.send({ type: 'login.changeCode', code: '654321' });
    expect(actor.getSnapshot().context.error).toBeNull();
    fail = false;
    actor.send({ type: 'login.confirmCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('succeeded'));
    expect(sent).toEqual([
      { ticket: TICKET, code: '123456' },
      { ticket: TICKET, code: '654321' },
    ]);
    expect(signedIn).toEqual([adaSession]);
    expect(wentHome()).toBe(1);
  });

  it('goes back to the form, forgetting the ticket and the code', async () => {
    const { actor } = startLogin({ loginWithEmail: asked });
    actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('secondStep')).toBe(true));
    actor.send({ type: 'login.changeCode', code: '123456' });
    actor.send({ type: 'login.back' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ secondStep: null, code: '', error: null });
  });
});

describe("the authenticator app's step", () => {
  const TICKET = 'A'.repeat(43);
  const EMAIL_TICKET = 'T'.repeat(43);
  const totp = { secondStep: { kind: 'totp' as const, ticket: TICKET } };
  const atAppCode = (actor: { getSnapshot: () => { matches: (value: object) => boolean } }) =>
    actor.getSnapshot().matches({ secondStep: { totp: { appCode: 'entering' } } });
  const atRecoveryCode = (actor: { getSnapshot: () => { matches: (value: object) => boolean } }) =>
    actor.getSnapshot().matches({ secondStep: { totp: { recoveryCode: 'entering' } } });

  it("after the password: six digits of the app go trimmed with the ticket; a refusal shows the server's text", async () => {
    const sent: Array<{ ticket: string; code: string }> = [];
    const answers = [
      () => Promise.reject(new Error('This code is not valid or has expired.')),
      () => Promise.reject(new Error('Too many wrong codes. Please try again later.')),
      async () => adaSession,
    ];
    const { actor, signedIn, wentHome } = startLogin({
      loginWithEmail: async () => totp,
      confirmTotpStep: (input) => {
        sent.push(input);
        return answers[sent.length - 1]!();
      },
    });
    actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(atAppCode(actor)).toBe(true));
    expect(actor.getSnapshot().context.secondStep).toEqual(totp.secondStep);
    for (const code of ['12345', '1234567', 'abcdef', 'abcd-efgh']) {
      actor.send({ type: 'login.changeCode', code });
      actor.send({ type: 'login.confirmCode' });
      expect(atAppCode(actor)).toBe(true);
    }
    actor.send({ type: 'login.changeCode', code: ' 123456 ' });
    actor.send({ type: 'login.confirmCode' });
    expect(actor.getSnapshot().matches({ secondStep: { totp: { appCode: 'confirming' } } })).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('This code is not valid or has expired.'));
    expect(atAppCode(actor)).toBe(true);
    actor.send({ type: 'login.confirmCode' });
    await vi.waitFor(() =>
      expect(actor.getSnapshot().context.error).toBe('Too many wrong codes. Please try again later.'),
    );
    actor.send({ type: 'login.changeCode', code: '654321' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'login.confirmCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('succeeded'));
    expect(sent).toEqual([
      { ticket: TICKET, code: '123456' },
      { ticket: TICKET, code: '123456' },
      { ticket: TICKET, code: '654321' },
    ]);
    expect(signedIn).toEqual([adaSession]);
    expect(wentHome()).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ secondStep: null, code: '' });
  });

  it('takes a recovery code in any case, the hyphen optional, and switches back to the app with an empty field', async () => {
    const sent: string[] = [];
    const { actor } = startLogin({
      loginWithEmail: async () => totp,
      confirmTotpStep: async ({ code }) => {
        sent.push(code);
        throw new Error('This code is not valid or has expired.');
      },
    });
    actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(atAppCode(actor)).toBe(true));
    actor.send({ type: 'login.changeCode', code: '12' });
    actor.send({ type: 'login.useRecoveryCode' });
    expect(atRecoveryCode(actor)).toBe(true);
    expect(actor.getSnapshot().context.code).toBe('');
    // Not the shape of a recovery code: nothing goes.
    for (const code of ['123456', 'abc-defg', 'abcd--efgh', 'abcd-efghi', 'abcd_efgh']) {
      actor.send({ type: 'login.changeCode', code });
      actor.send({ type: 'login.confirmCode' });
      expect(atRecoveryCode(actor)).toBe(true);
    }
    for (const code of ['abcd-2345', 'ABCD2345', ' Abcd 2345 ']) {
      actor.send({ type: 'login.changeCode', code });
      actor.send({ type: 'login.confirmCode' });
      expect(actor.getSnapshot().matches({ secondStep: { totp: { recoveryCode: 'confirming' } } })).toBe(true);
      await vi.waitFor(() => expect(atRecoveryCode(actor)).toBe(true));
      expect(actor.getSnapshot().context.error).toBe('This code is not valid or has expired.');
    }
    expect(sent).toEqual(['abcd-2345', 'ABCD2345', 'Abcd 2345']);
    // Switching starts the other way afresh: no code, no error.
    actor.send({ type: 'login.useAppCode' });
    expect(atAppCode(actor)).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ code: '', error: null, secondStep: totp.secondStep });
  });

  it('Back from either way returns to the form and forgets the ticket', async () => {
    for (const recovery of [false, true]) {
      const { actor } = startLogin({ loginWithEmail: async () => totp });
      actor.send({ type: 'login.submit' });
      await vi.waitFor(() => expect(atAppCode(actor)).toBe(true));
      if (recovery) actor.send({ type: 'login.useRecoveryCode' });
      actor.send({ type: 'login.changeCode', code: '123456' });
      actor.send({ type: 'login.back' });
      expect(actor.getSnapshot().value).toBe('editing');
      expect(actor.getSnapshot().context).toMatchObject({ secondStep: null, code: '', error: null });
    }
  });

  it("an e-mailed code of an account with an app continues into the app's step, with its new ticket", async () => {
    const sent: Array<{ ticket: string; code: string }> = [];
    const { actor, signedIn } = startLogin({
      loginWithEmail: async () => ({ secondStep: { kind: 'email-code', ticket: EMAIL_TICKET } }),
      confirmSecondStep: async (input) => {
        sent.push(input);
        return totp;
      },
      confirmTotpStep: async (input) => {
        sent.push(input);
        return adaSession;
      },
    });
    actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ secondStep: 'emailCode' })).toBe(true));
    actor.send({ type: 'login.changeCode', code: '111111' });
    actor.send({ type: 'login.confirmCode' });
    await vi.waitFor(() => expect(atAppCode(actor)).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ secondStep: totp.secondStep, code: '' });
    expect(signedIn).toEqual([]);
    actor.send({ type: 'login.changeCode', code: '222222' });
    actor.send({ type: 'login.confirmCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('succeeded'));
    expect(sent).toEqual([
      { ticket: EMAIL_TICKET, code: '111111' },
      { ticket: TICKET, code: '222222' },
    ]);
    expect(signedIn).toEqual([adaSession]);
  });

  it("Google's answer may ask for the app's step; the e-mail form's error is gone", async () => {
    const { actor, signedIn } = startLogin({
      checkGoogle: async () => true,
      continueWithGoogle: async () => totp,
      confirmTotpStep: async () => adaSession,
    });
    actor.send({ type: 'login.google' });
    await vi.waitFor(() => expect(atAppCode(actor)).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ secondStep: totp.secondStep, error: null });
    actor.send({ type: 'login.changeCode', code: '123456' });
    actor.send({ type: 'login.confirmCode' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('succeeded'));
    expect(signedIn).toEqual([adaSession]);
  });

  it('without a confirmTotpStep actor provided, the error names it', async () => {
    const unwired = createActor(
      loginMachine.provide({ actors: { loginWithEmail: fromPromise(async (): Promise<SignInResponse> => totp) } }),
    ).start();
    unwired.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(atAppCode(unwired)).toBe(true));
    unwired.send({ type: 'login.changeCode', code: '123456' });
    unwired.send({ type: 'login.confirmCode' });
    await vi.waitFor(() => expect(unwired.getSnapshot().context.error).toBe('confirmTotpStep is not provided'));
  });
});
