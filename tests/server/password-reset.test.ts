import { afterAll, describe, expect, it } from 'vitest';
import { CODE_INVALID_TEXT, CODE_TTL_MINUTES, createCodes } from '#server/ways-in/email-codes';
import { FORGOT_PASSWORD_TEXT, PASSWORD_RESET_TEXT } from '#server/account/password-reset';
import { company } from '#domain/company';
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
  uniqueEmail,
} from './helpers';
import { limitsFollow } from './limit-helpers';
import { codeIn, expectWellFormed, settle, startMailCatcher } from './mail-helpers';

const smtp = await startMailCatcher();
afterAll(async () => {
  await smtp.close();
  await cleanup();
});

const { app, db, clock, securityEvents } = await createTestServer({ SMTP_URL: smtp.url });
// The code request limits' windows pass with the test clock.
limitsFollow(clock);
const NEW_PASSWORD = 'a brand new passphrase';

let addressCounter = 0;
/** A fresh client address per test, so the per-address throttle of one test does not touch another. */
function freshAddress(): string {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
}

function requestCode(email: string, address: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ email, lang: 'en', sendTo: '/reset-password', ...extra });
  return app.request(`/api/users/password/forgot?${query}`, {}, fromAddress(address));
}

/** A code as read from the mail, and the ticket of the request that asked for it. */
interface Proof {
  code: string;
  ticket: string;
}

function reset(email: string, proof: Proof, newPassword = NEW_PASSWORD, address = freshAddress()) {
  return app.request(
    '/api/users/password/forgot',
    jsonInit('POST', { email, ...proof, newPassword }),
    fromAddress(address),
  );
}

/** Asks for a code and returns it as read from the `nth` message to the address, with the answer's ticket. */
async function codeFor(email: string, address: string, nth: number): Promise<Proof> {
  const res = await requestCode(email, address);
  expect(res.status).toBe(200);
  const { ticket } = (await res.json()) as { ticket: string };
  return { code: codeIn(await smtp.waitFor(email, nth)), ticket };
}

/** The same ticket with a six-digit code that is not its own. */
function wrongCode(proof: Proof): Proof {
  return { ...proof, code: String((Number(proof.code) + 1) % 1_000_000).padStart(6, '0') };
}

/** A well-formed ticket that no request was given. */
const STRANGE_TICKET = 'A'.repeat(43);

describe('GET /api/users/password/forgot', () => {
  it('e-mails a code to an existing account and answers the fixed message', async () => {
    const account = await register(app, { name: 'Grace Hopper' });
    const res = await requestCode(account.user.email.toUpperCase(), freshAddress());
    expect(res.status).toBe(200);
    const { ticket, ...answer } = (await res.json()) as { ticket: string; message: unknown };
    expect(answer).toEqual({ message: { en: FORGOT_PASSWORD_TEXT } });
    expect(ticket).toMatch(/^[\w-]{43}$/);
    expect(FORGOT_PASSWORD_TEXT).toBe(
      'If an account exists for that address, we have sent it a code. The code expires in 15 minutes.',
    );
    const mail = await smtp.waitFor(account.user.email);
    expectWellFormed(mail, company.mailFrom);
    expect(mail.to).toBe(account.user.email);
    // The account's address is not proven yet: the mail greets no one by the name typed at sign-up.
    expect(mail.text.split(/\r?\n/)[0]).toBe('Hello,');
    expect(mail.text).not.toContain('Grace Hopper');
    expect(mail.html).toContain(codeIn(mail));
    // Stored only as hashes: neither the code nor the ticket is anywhere in the database.
    const row = await db
      .selectFrom('code_tickets')
      .selectAll()
      .where('user_id', '=', account.user.id)
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('password_reset');
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(codeIn(mail));
    expect(JSON.stringify(row)).not.toContain(ticket);
    // The queued mail says what it is, for the operator reading the outbox.
    const queued = db.selectFrom('mail_queue').select('kind').where('subject', '=', mail.subject);
    expect(await queued.where('to_address', '=', account.user.email).execute()).toEqual([
      { kind: 'password reset code' },
    ]);
  });

  it('gives an unknown e-mail the very same answer and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const known = await register(app);
    const address = freshAddress();
    const before = smtp.messages.length;
    const unknownRes = await requestCode(unknown, address);
    const knownRes = await requestCode(known.user.email, address);
    expect(unknownRes.status).toBe(200);
    // The same message and a ticket of the same form (which no code will ever match).
    const shape = (body: { message: unknown; ticket: string }) => ({ ...body, ticket: body.ticket.length });
    expect(shape(await unknownRes.json())).toEqual(shape(await knownRes.json()));
    await smtp.waitFor(known.user.email);
    await settle();
    expect(smtp.to(unknown)).toEqual([]);
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('refuses a malformed e-mail with 400', async () => {
    const res = await requestCode('not-an-address', freshAddress());
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe('Please enter a valid e-mail address.');
  });

  it('never throttles code requests per e-mail: a stranger cannot use up the codes its owner needs', async () => {
    // More requests than the old per-account limit (5), each from another address: every one gets its code.
    const email = (await register(app)).user.email;
    for (let i = 0; i < 8; i += 1) expect((await requestCode(email, freshAddress())).status).toBe(200);
    await smtp.waitFor(email, 8);
  });

  it('throttles code requests per client address, whatever e-mail they name', async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i += 1) expect((await requestCode(uniqueEmail('spray'), address)).status).toBe(200);
    const blocked = await requestCode(uniqueEmail('spray'), address);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).not.toBeNull();
    expect((await requestCode(uniqueEmail('spray'), freshAddress())).status).toBe(200);
    expect(await errorText(blocked)).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // The operator sees which address was refused.
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'limit.exceeded', limit: 'code_request.address', address }),
    );
    clock.advance(15 * MINUTE);
    expect((await requestCode(uniqueEmail('spray'), address)).status).toBe(200);
  });
});

describe('POST /api/users/password/forgot', () => {
  it('sets the new password, ends every session, and answers the fixed message', async () => {
    const account = await register(app);
    const second = await login(app, account.user.email, account.password, freshAddress());
    const secondToken = ((await second.json()) as { token: string }).token;
    const code = await codeFor(account.user.email, freshAddress(), 1);

    const res = await reset(account.user.email, code);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: { en: PASSWORD_RESET_TEXT } });
    expect(PASSWORD_RESET_TEXT).toBe('Your password has been reset. You can now sign in with your new password.');

    expect((await authenticate(app, account.token)).status).toBe(401);
    expect((await authenticate(app, secondToken)).status).toBe(401);
    expect((await login(app, account.user.email, account.password, freshAddress())).status).toBe(401);
    const signedIn = await login(app, account.user.email, NEW_PASSWORD, freshAddress());
    expect(signedIn.status).toBe(200);
    // The code reached the address: it is proven to be the customer's.
    expect(((await signedIn.json()) as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true);
    const hash = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', account.user.id)
      .executeTakeFirst();
    expect(hash?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses any code against a stored hash of another length (a row of another version): 400, not a failure', async () => {
    const account = await register(app);
    const proof = await codeFor(account.user.email, freshAddress(), 1);
    await db.updateTable('code_tickets').set({ code_hash: 'abcd' }).where('user_id', '=', account.user.id).execute();
    const res = await reset(account.user.email, proof);
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(CODE_INVALID_TEXT);
  });

  it('refuses a wrong code with 400 and changes nothing', async () => {
    const account = await register(app);
    const code = await codeFor(account.user.email, freshAddress(), 1);
    const res = await reset(account.user.email, wrongCode(code));
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(CODE_INVALID_TEXT);
    expect(CODE_INVALID_TEXT).toBe('This code is not valid or has expired.');
    expect((await authenticate(app, account.token)).status).toBe(200);
    expect((await login(app, account.user.email, account.password, freshAddress())).status).toBe(200);
  });

  it('refuses a code for an unknown e-mail, a malformed code and a too short password with 400', async () => {
    const unknown = await reset(uniqueEmail('nobody'), { code: '123456', ticket: STRANGE_TICKET });
    expect(unknown.status).toBe(400);
    expect(await errorText(unknown)).toBe(CODE_INVALID_TEXT);
    const account = await register(app);
    const malformed = await reset(account.user.email, { code: '12ab56', ticket: STRANGE_TICKET });
    expect(malformed.status).toBe(400);
    expect(await errorText(malformed)).toBe(CODE_INVALID_TEXT);
    const noTicket = await reset(account.user.email, { code: '123456', ticket: 'short' });
    expect(noTicket.status).toBe(400);
    expect(await errorText(noTicket)).toBe(CODE_INVALID_TEXT);
    const short = await reset(account.user.email, { code: '123456', ticket: STRANGE_TICKET }, 'short');
    expect(short.status).toBe(400);
    expect(await errorText(short)).toBe('The new password must be 8 to 128 characters.');
  });

  it('lets a code work once', async () => {
    const account = await register(app);
    const code = await codeFor(account.user.email, freshAddress(), 1);
    expect((await reset(account.user.email, code)).status).toBe(200);
    const again = await reset(account.user.email, code, 'yet another passphrase');
    expect(again.status).toBe(400);
    expect(await errorText(again)).toBe(CODE_INVALID_TEXT);
    expect((await login(app, account.user.email, NEW_PASSWORD, freshAddress())).status).toBe(200);
  });

  it('lets a code work once when it is sent twice at once: the password the answer names is the one set', async () => {
    const account = await register(app);
    const code = await codeFor(account.user.email, freshAddress(), 1);
    const passwords = [NEW_PASSWORD, 'yet another passphrase'];
    // Both pass the code's check before either uses its ticket up: only one may set its password.
    const answers = await Promise.all(passwords.map((password) => reset(account.user.email, code, password)));
    expect(answers.map(({ status }) => status).sort()).toEqual([200, 400]);
    const set = passwords[answers.findIndex(({ status }) => status === 200)]!;
    const refused = passwords.find((password) => password !== set)!;
    expect(await errorText(answers.find(({ status }) => status === 400)!)).toBe(CODE_INVALID_TEXT);
    expect((await login(app, account.user.email, set, freshAddress())).status).toBe(200);
    expect((await login(app, account.user.email, refused, freshAddress())).status).toBe(401);
  });

  it('lets a code expire after 15 minutes', async () => {
    const early = await register(app);
    const earlyCode = await codeFor(early.user.email, freshAddress(), 1);
    const late = await register(app);
    const lateCode = await codeFor(late.user.email, freshAddress(), 1);
    clock.advance(15 * MINUTE - 1000);
    expect((await reset(early.user.email, earlyCode)).status).toBe(200);
    clock.advance(1000);
    const expired = await reset(late.user.email, lateCode);
    expect(expired.status).toBe(400);
    expect(await errorText(expired)).toBe(CODE_INVALID_TEXT);
  });

  it('stops a code after 5 wrong tries: the 6th fails even with the right code', async () => {
    const patient = await register(app);
    const patientCode = await codeFor(patient.user.email, freshAddress(), 1);
    for (let i = 0; i < 4; i += 1) expect((await reset(patient.user.email, wrongCode(patientCode))).status).toBe(400);
    expect((await reset(patient.user.email, patientCode)).status).toBe(200);

    const guesser = await register(app);
    const code = await codeFor(guesser.user.email, freshAddress(), 1);
    for (let i = 0; i < 5; i += 1) expect((await reset(guesser.user.email, wrongCode(code))).status).toBe(400);
    const sixth = await reset(guesser.user.email, code);
    expect(sixth.status).toBe(400);
    expect(await errorText(sixth)).toBe(CODE_INVALID_TEXT);
    expect((await login(app, guesser.user.email, guesser.password, freshAddress())).status).toBe(200);
    // A new code starts a new count.
    const fresh = await codeFor(guesser.user.email, freshAddress(), 2);
    expect((await reset(guesser.user.email, fresh)).status).toBe(200);
  });

  it("keeps the owner's code working when someone else asks for another (each code needs its own ticket)", async () => {
    const account = await register(app);
    const owners = await codeFor(account.user.email, freshAddress(), 1);
    const strangers = await codeFor(account.user.email, freshAddress(), 2);
    expect(strangers.ticket).not.toBe(owners.ticket);
    // A code with another request's ticket is no code at all.
    expect((await reset(account.user.email, { ...strangers, code: owners.code })).status).toBe(400);
    expect((await reset(account.user.email, owners)).status).toBe(200);
  });

  it("never lets strangers' wrong codes refuse the owner's right one", async () => {
    const owner = await register(app);
    // Strangers from many addresses, each with a ticket of their own, try 40 codes (the day's ceiling is 20).
    for (let i = 0; i < 8; i += 1) {
      const strangers = await codeFor(owner.user.email, freshAddress(), i + 1);
      for (let j = 0; j < 5; j += 1) await reset(owner.user.email, wrongCode(strangers));
      // Within the code request limit (five every 15 minutes).
      clock.advance(4 * MINUTE);
    }
    const owners = await codeFor(owner.user.email, freshAddress(), 9);
    // Nothing is counted per account: the owner's fresh ticket keeps its five tries (a typo costs one).
    expect((await reset(owner.user.email, wrongCode(owners))).status).toBe(400);
    // The owner's ticket, untouched by all of this, still works.
    expect((await reset(owner.user.email, owners)).status).toBe(200);
    expect((await login(app, owner.user.email, NEW_PASSWORD, freshAddress())).status).toBe(200);
  });

  it('does not accept a verification code as a reset code', async () => {
    const account = await register(app);
    const { ticket } = await codeFor(account.user.email, freshAddress(), 1);
    const verify = await app.request('/api/users/verify/email', {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    expect(verify.status).toBe(200);
    const code = codeIn(await smtp.waitFor(account.user.email, 2));
    expect((await reset(account.user.email, { code, ticket })).status).toBe(400);
  });
});

describe('the security log of a reset', () => {
  it('names the account and address of each step: the request, a failed code, the reset', async () => {
    const account = await register(app);
    const other = await register(app);
    const proof = await codeFor(account.user.email, freshAddress(), 1);
    const ofAccount = () => securityEvents().filter((line) => line.userId === account.user.id);
    expect(ofAccount()).toContainEqual(
      expect.objectContaining({ event: 'password.reset_requested', userId: account.user.id }),
    );

    // The right code and ticket, named with another account's address: refused, and logged as the owner's.
    const address = freshAddress();
    expect((await reset(other.user.email, proof, NEW_PASSWORD, address)).status).toBe(400);
    expect(ofAccount()).toContainEqual(
      expect.objectContaining({ event: 'code.failed', purpose: 'password_reset', userId: account.user.id, address }),
    );
    // A wrong code for no account is logged with no account.
    const stranger = freshAddress();
    expect((await reset(uniqueEmail('nobody'), wrongCode(proof), NEW_PASSWORD, stranger)).status).toBe(400);
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'code.failed', purpose: 'password_reset', userId: null, address: stranger }),
    );

    expect((await reset(account.user.email, proof)).status).toBe(200);
    expect(ofAccount()).toContainEqual(
      expect.objectContaining({ event: 'password.reset', userId: account.user.id, removedSignIns: 0 }),
    );
  });
});

describe('one-time codes on their own', () => {
  it('check only the code that was stored, and a code is used up once', async () => {
    const codes = createCodes({ db, clock, key: async () => Buffer.from('a key for this test only') });
    const { user } = await register(app);
    const { code, codeHash } = await codes.make(user.id, 'password_reset');
    await codes.store(user, 'password_reset', codeHash);
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await codes.check(user, 'password_reset', wrong)).toBe(false);
    expect(await codes.check(user, 'password_reset', code)).toBe(true);
    expect(await codes.consume(db, user, 'password_reset', wrong)).toBe(false);
    expect(await codes.consume(db, user, 'password_reset', code)).toBe(true);
    expect(await codes.consume(db, user, 'password_reset', code)).toBe(false);
  });

  it('hold only for the address they were sent to, and only until they expire', async () => {
    const codes = createCodes({ db, clock, key: async () => Buffer.from('a key for this test only') });
    const { user } = await register(app);
    const { code, codeHash } = await codes.make(user.id, 'verify_email');
    await codes.store(user, 'verify_email', codeHash);
    // The account's address changed since: the code went to the old one.
    const moved = { ...user, email: uniqueEmail('moved') };
    expect(await codes.check(moved, 'verify_email', code)).toBe(false);
    expect(await codes.consume(db, moved, 'verify_email', code)).toBe(false);
    expect(await codes.check(user, 'verify_email', code)).toBe(true);
    clock.advance(CODE_TTL_MINUTES * MINUTE);
    expect(await codes.check(user, 'verify_email', code)).toBe(false);
  });
});
