/**
 * The owner always has a way in (docs/decisions/0022-tickets-for-codes.md): strangers who use up an account's
 * day of failed sign-ins from many addresses no longer lock its owner out. The right password continues with a
 * code e-mailed to the account, entered with the ticket of that sign-in at POST /api/auth/login/second-step.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CODE_INVALID_TEXT } from '#server/ways-in/email-codes';
import {
  MINUTE,
  authenticate,
  cleanup,
  createTestServer,
  errorText,
  fromAddress,
  jsonInit,
  login,
  register,
  sessionBody,
  uniqueAddress,
} from './helpers';
import { limitsFollow } from './limit-helpers';
import { codeIn, settle, startMailCatcher } from './mail-helpers';

const smtp = await startMailCatcher();
afterAll(async () => {
  await smtp.close();
  await cleanup();
});

const { app, clock, db, logLines, securityEvents } = await createTestServer({ SMTP_URL: smtp.url });
limitsFollow(clock);

/** The attack the review replayed: 100 failed sign-ins from 20 addresses, five each (the per-address limit). */
async function hammer(email: string): Promise<void> {
  for (let address = 0; address < 20; address += 1) {
    const from = uniqueAddress();
    const tries = await Promise.all(Array.from({ length: 5 }, () => login(app, email, 'not the password', from)));
    for (const res of tries) expect(res.status).toBe(401);
  }
}

async function ticketOf(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  const body = (await res.json()) as { secondStep: { kind: string; ticket: string } };
  expect(body.secondStep.kind).toBe('email-code');
  expect(Object.keys(body)).toEqual(['secondStep']);
  return body.secondStep.ticket;
}

const secondStep = (ticket: string, code: string, address = uniqueAddress()) =>
  app.request('/api/auth/login/second-step', jsonInit('POST', { ticket, code }), fromAddress(address));

const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('an account whose failed sign-ins reached the day’s ceiling', () => {
  it('lets its owner in with the password and the e-mailed code (the replayed attack fails)', async () => {
    const owner = await register(app, { name: 'Olive Owner' });
    await hammer(owner.user.email);
    const ticket = await ticketOf(await login(app, owner.user.email, owner.password, uniqueAddress()));
    const mail = await smtp.waitFor(owner.user.email);
    expect(mail.subject).toMatch(/sign-in code/);
    expect(mail.text).toContain('Hello Olive Owner');

    const res = await secondStep(ticket, codeIn(mail));
    expect(res.status).toBe(200);
    const session = await sessionBody(res);
    expect(session.user.id).toBe(owner.user.id);
    expect((await authenticate(app, session.token)).status).toBe(200);
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'signin.success', method: 'email-code', userId: owner.user.id }),
    );
  });

  it('gives a wrong password the same answer, and its ticket never works (no code is sent)', async () => {
    const owner = await register(app);
    await hammer(owner.user.email);
    const guessed = await ticketOf(await login(app, owner.user.email, 'a guess', uniqueAddress()));
    await settle();
    expect(smtp.to(owner.user.email)).toEqual([]);
    for (const code of ['000000', '123456', '999999']) expect((await secondStep(guessed, code)).status).toBe(400);
  });

  it('takes a ticket once, for five tries, for 15 minutes, and only with its own code', async () => {
    const owner = await register(app);
    await hammer(owner.user.email);
    const signIn = async (nth: number) => {
      const ticket = await ticketOf(await login(app, owner.user.email, owner.password, uniqueAddress()));
      return { ticket, code: codeIn(await smtp.waitFor(owner.user.email, nth)) };
    };

    const first = await signIn(1);
    const wrong = await secondStep(first.ticket, other(first.code));
    expect(wrong.status).toBe(400);
    expect(await errorText(wrong)).toBe(CODE_INVALID_TEXT);
    expect((await secondStep(first.ticket, first.code)).status).toBe(200);
    expect((await secondStep(first.ticket, first.code)).status).toBe(400);

    const second = await signIn(2);
    for (let i = 0; i < 5; i += 1) expect((await secondStep(second.ticket, other(second.code))).status).toBe(400);
    expect((await secondStep(second.ticket, second.code)).status).toBe(400);

    const third = await signIn(3);
    const fourth = await signIn(4);
    // A code belongs to its own ticket.
    expect((await secondStep(fourth.ticket, third.code)).status).toBe(third.code === fourth.code ? 200 : 400);
    clock.advance(15 * MINUTE);
    expect((await secondStep(third.ticket, third.code)).status).toBe(400);
  });

  it('makes one session of a ticket sent twice at once', async () => {
    const owner = await register(app);
    await hammer(owner.user.email);
    const ticket = await ticketOf(await login(app, owner.user.email, owner.password, uniqueAddress()));
    const code = codeIn(await smtp.waitFor(owner.user.email));

    // Both pass the ticket's check before either uses it up: only one may sign in.
    const answers = await Promise.all([secondStep(ticket, code), secondStep(ticket, code)]);
    expect(answers.map(({ status }) => status).sort()).toEqual([200, 400]);
    expect(await errorText(answers.find(({ status }) => status === 400)!)).toBe(CODE_INVALID_TEXT);
    const sessions = securityEvents().filter(
      (line) => line.event === 'signin.success' && line.userId === owner.user.id,
    );
    expect(sessions).toHaveLength(1);
  });

  it('refuses a malformed ticket or code with the same text', async () => {
    for (const body of [{ ticket: 'short', code: '123456' }, { ticket: 'A'.repeat(43), code: '12ab56' }, {}]) {
      const res = await app.request(
        '/api/auth/login/second-step',
        jsonInit('POST', body),
        fromAddress(uniqueAddress()),
      );
      expect(res.status).toBe(400);
      expect(await errorText(res)).toBe(CODE_INVALID_TEXT);
    }
  });

  it('mails the owner at most five codes a window, however often the password is given', async () => {
    const owner = await register(app);
    await hammer(owner.user.email);
    const addresses = Array.from({ length: 6 }, () => uniqueAddress());
    for (const address of addresses) await ticketOf(await login(app, owner.user.email, owner.password, address));
    const mine = () => securityEvents().filter((line) => line.userId === owner.user.id);
    await vi.waitFor(() => {
      expect(mine().filter((line) => line.event === 'signin.second_step')).toHaveLength(5);
      expect(mine()).toContainEqual(
        expect.objectContaining({ event: 'limit.exceeded', limit: 'code_request.account' }),
      );
    });
    expect(mine().filter((line) => line.event === 'signin.second_step')).toEqual(
      addresses.slice(0, 5).map((address) => expect.objectContaining({ kind: 'email-code', address })),
    );
    // The refusal is logged with its reason.
    expect(logLines.filter((line) => line.msg === 'no sign-in code sent')).toEqual([
      expect.objectContaining({ err: expect.objectContaining({ type: 'LimitRefused' }) }),
    ]);
    await vi.waitFor(() => expect(smtp.to(owner.user.email)).toHaveLength(5));
    await settle();
    expect(smtp.to(owner.user.email).map((mail) => mail.subject)).toEqual(
      Array(5).fill(expect.stringMatching(/sign-in code/)),
    );
    const queued = await db
      .selectFrom('mail_queue')
      .select('kind')
      .where('to_address', '=', owner.user.email)
      .execute();
    expect(queued.map((mail) => mail.kind).filter((kind) => kind !== 'verification code')).toEqual(
      Array(5).fill('sign-in code'),
    );

    // Each account has a window of its own: another one at its ceiling still gets its code.
    const neighbour = await register(app);
    await hammer(neighbour.user.email);
    await ticketOf(await login(app, neighbour.user.email, neighbour.password, uniqueAddress()));
    await vi.waitFor(() => expect(smtp.to(neighbour.user.email)).toHaveLength(1));
  });

  it('limits wrong codes per address', async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 30; i += 1) expect((await secondStep('A'.repeat(43), '000000', address)).status).toBe(400);
    expect((await secondStep('A'.repeat(43), '000000', address)).status).toBe(429);
  });
});

describe('an account under its ceiling', () => {
  it('signs in with the password alone, as before', async () => {
    const owner = await register(app);
    const res = await login(app, owner.user.email, owner.password, uniqueAddress());
    expect(res.status).toBe(200);
    expect((await sessionBody(res)).user.id).toBe(owner.user.id);
  });
});
