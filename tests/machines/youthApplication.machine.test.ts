import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type YouthApplication, emptyYouthValues, youthApplicationMachine } from '#machines/youthApplication.machine';
import { YOUTH_FIELDS, validateYouthField } from '#domain/validation';
import { describePathTests } from './pathTest';

const valid = {
  fullName: 'Sam Taylor',
  emailAddress: 'sam@example.com',
  phoneNumber: '07123 456789',
  joinCause: 'I want to learn to build websites for local charities.',
} as const;

describePathTests({
  machine: youthApplicationMachine,
  events: [
    { type: 'youth.change', field: 'fullName', value: valid.fullName },
    { type: 'youth.change', field: 'fullName', value: 'x'.repeat(33) },
    { type: 'youth.change', field: 'emailAddress', value: valid.emailAddress },
    { type: 'youth.change', field: 'phoneNumber', value: valid.phoneNumber },
    { type: 'youth.change', field: 'joinCause', value: valid.joinCause },
    { type: 'youth.changeAge', age: 31 },
    { type: 'youth.trap', value: 'http://spam.example' },
    { type: 'youth.submit' },
  ],
  outputs: { sendApplication: ['Your application has been sent successfully'] },
  errors: { sendApplication: [new Error('Too many attempts. Please try again in 1 hour.')] },
  // Which fields are valid is what shapes the machine; the values themselves do not.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      validFields: YOUTH_FIELDS.filter((field) => !validateYouthField(field, snapshot.context.values)).length,
      errorsShown: YOUTH_FIELDS.some((field) => snapshot.context.errors[field]),
    }),
  check: (snapshot) => {
    expect(snapshot.context.values.fullName.length).toBeLessThanOrEqual(32);
    // Only an application that passes every rule is ever being sent.
    if (snapshot.matches('submitting')) {
      for (const field of YOUTH_FIELDS) expect(validateYouthField(field, snapshot.context.values)).toBeNull();
    }
  },
});

/** The machine with a send that records what it was given; `fail` makes it refuse. */
function sending(sent: YouthApplication[] = [], fail: Error | null = null) {
  return youthApplicationMachine.provide({
    actors: {
      sendApplication: fromPromise(async ({ input }: { input: YouthApplication }) => {
        if (fail) throw fail;
        sent.push(input);
        return 'Your application has been sent successfully';
      }),
    },
  });
}

describe('youth application: the numbers docs/product.md sets', () => {
  afterEach(() => vi.useRealTimers());

  it('submits only when every rule passes, sends it, then resets and announces after 1.5 s', async () => {
    vi.useFakeTimers();
    const announceSent = vi.fn();
    const sent: YouthApplication[] = [];
    const actor = createActor(sending(sent).provide({ actions: { announceSent } })).start();
    expect(actor.getSnapshot().context.values.age).toBe(18);
    actor.send({ type: 'youth.change', field: 'fullName', value: valid.fullName });
    actor.send({ type: 'youth.change', field: 'emailAddress', value: valid.emailAddress });
    actor.send({ type: 'youth.change', field: 'phoneNumber', value: valid.phoneNumber });
    actor.send({ type: 'youth.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'youth.change', field: 'joinCause', value: valid.joinCause });
    actor.send({ type: 'youth.submit' });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    await vi.advanceTimersByTimeAsync(1499);
    // Sent already, yet the spinner shows its 1.5 s.
    expect(sent).toEqual([{ ...valid, age: 18, website: '' }]);
    expect(announceSent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(announceSent).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual(emptyYouthValues);
  });

  it('keeps the form and says why when the send fails', async () => {
    const announceFailed = vi.fn();
    const announceSent = vi.fn();
    const actor = createActor(
      sending([], new Error('Too many attempts.')).provide({ actions: { announceFailed, announceSent } }),
    ).start();
    for (const [field, value] of Object.entries(valid)) {
      actor.send({ type: 'youth.change', field: field as keyof typeof valid, value });
    }
    actor.send({ type: 'youth.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(announceFailed).toHaveBeenCalledWith(expect.anything(), { message: 'Too many attempts.' });
    expect(announceSent).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.values).toEqual({ ...valid, age: 18 });
  });

  it('blocks the name above 32 characters and reports a touched field', () => {
    const actor = createActor(youthApplicationMachine).start();
    actor.send({ type: 'youth.change', field: 'fullName', value: 'x'.repeat(32) });
    actor.send({ type: 'youth.change', field: 'fullName', value: 'x'.repeat(33) });
    expect(actor.getSnapshot().context.values.fullName).toHaveLength(32);
    actor.send({ type: 'youth.change', field: 'phoneNumber', value: '12345' });
    expect(actor.getSnapshot().context.errors.phoneNumber).toMatch(/UK phone number/);
    expect(actor.getSnapshot().context.errors.emailAddress).toBeUndefined();
  });
});

describe('youth application: what the form keeps and says', () => {
  afterEach(() => vi.useRealTimers());

  const change = (field: 'fullName' | 'emailAddress' | 'phoneNumber' | 'joinCause', value: string) =>
    ({ type: 'youth.change', field, value }) as const;

  it('sends the trimmed application with the honeypot, then clears the values and the errors', async () => {
    vi.useFakeTimers();
    const announceSending = vi.fn();
    const announceSent = vi.fn();
    const sent: YouthApplication[] = [];
    const actor = createActor(sending(sent).provide({ actions: { announceSending, announceSent } })).start();
    actor.send(change('fullName', '  Sam Taylor '));
    actor.send(change('emailAddress', ' sam@example.com  '));
    actor.send(change('phoneNumber', ' 07123 456789 '));
    actor.send(change('joinCause', `  ${valid.joinCause} `));
    actor.send({ type: 'youth.changeAge', age: 30 });
    actor.send({ type: 'youth.submit' });
    expect(announceSending).toHaveBeenCalledTimes(1);
    expect(announceSent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1500);
    expect(sent).toEqual([{ ...valid, age: 30, website: '' }]);
    expect(actor.getSnapshot().context).toStrictEqual({ values: emptyYouthValues, errors: {}, website: '' });
  });

  it('announces nothing and stays editing when a rule fails', () => {
    const announceSending = vi.fn();
    const actor = createActor(youthApplicationMachine.provide({ actions: { announceSending } })).start();
    actor.send(change('fullName', valid.fullName));
    actor.send(change('emailAddress', valid.emailAddress));
    actor.send(change('phoneNumber', valid.phoneNumber));
    actor.send(change('joinCause', valid.joinCause));
    actor.send({ type: 'youth.changeAge', age: 31 });
    actor.send({ type: 'youth.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(announceSending).not.toHaveBeenCalled();
  });

  it("reports the age's error, keeps the other fields' errors, and drops an error once the field is right", () => {
    const actor = createActor(youthApplicationMachine).start();
    actor.send(change('phoneNumber', '12345'));
    actor.send({ type: 'youth.changeAge', age: 31 });
    expect(actor.getSnapshot().context.values.age).toBe(31);
    expect(actor.getSnapshot().context.errors).toStrictEqual({
      phoneNumber: 'Enter a UK phone number, e.g. 07123 456789 or 020 7946 0958.',
      age: 'Applicants must be 18 to 30 years old.',
    });
    actor.send({ type: 'youth.changeAge', age: 30 });
    actor.send(change('fullName', 'Al'));
    expect(actor.getSnapshot().context.errors).toStrictEqual({
      phoneNumber: 'Enter a UK phone number, e.g. 07123 456789 or 020 7946 0958.',
      age: undefined,
      fullName: 'Full name must be 3 to 32 characters.',
    });
    actor.send(change('phoneNumber', valid.phoneNumber));
    expect(actor.getSnapshot().context.errors.phoneNumber).toBeUndefined();
    expect(actor.getSnapshot().context.values).toEqual({
      ...emptyYouthValues,
      fullName: 'Al',
      phoneNumber: valid.phoneNumber,
      age: 30,
    });
  });

  it('limits only the name to 32 characters', () => {
    const actor = createActor(youthApplicationMachine).start();
    const longer = 'x'.repeat(40);
    actor.send(change('emailAddress', `${longer}@example.com`));
    actor.send(change('joinCause', longer));
    expect(actor.getSnapshot().context.values.emailAddress).toBe(`${longer}@example.com`);
    expect(actor.getSnapshot().context.values.joinCause).toBe(longer);
  });
});
