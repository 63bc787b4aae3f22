import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { emptyYouthValues, youthApplicationMachine } from '../../machines/youthApplication.machine';
import { YOUTH_FIELDS, validateYouthField } from '../../domain/validation';
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
    { type: 'youth.submit' },
  ],
  // Which fields are valid is what shapes the machine; the values themselves do not.
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      validFields: YOUTH_FIELDS.filter((field) => !validateYouthField(field, snapshot.context.values)).length,
      errorsShown: YOUTH_FIELDS.some((field) => snapshot.context.errors[field]),
    }),
  check: (snapshot) => {
    expect(snapshot.context.values.fullName.length).toBeLessThanOrEqual(32);
    // What is kept to e-mail is always an application that passed every rule.
    const { application } = snapshot.context;
    if (application) for (const field of YOUTH_FIELDS) expect(validateYouthField(field, application)).toBeNull();
  },
});

describe('youth application: the spec numbers', () => {
  afterEach(() => vi.useRealTimers());

  it('submits only when every rule passes, then resets and announces after 1.5 s', () => {
    vi.useFakeTimers();
    const announceSent = vi.fn();
    const actor = createActor(youthApplicationMachine.provide({ actions: { announceSent } })).start();
    expect(actor.getSnapshot().context.values.age).toBe(18);
    actor.send({ type: 'youth.change', field: 'fullName', value: valid.fullName });
    actor.send({ type: 'youth.change', field: 'emailAddress', value: valid.emailAddress });
    actor.send({ type: 'youth.change', field: 'phoneNumber', value: valid.phoneNumber });
    actor.send({ type: 'youth.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'youth.change', field: 'joinCause', value: valid.joinCause });
    actor.send({ type: 'youth.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    vi.advanceTimersByTime(1499);
    expect(announceSent).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(announceSent).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual(emptyYouthValues);
    // Nothing was sent: the application is kept for the applicant to e-mail.
    expect(actor.getSnapshot().context.application).toEqual({ ...valid, age: 18 });
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

  it('keeps the trimmed application, then clears the values and the errors', () => {
    vi.useFakeTimers();
    const announceSending = vi.fn();
    const announceSent = vi.fn();
    const actor = createActor(youthApplicationMachine.provide({ actions: { announceSending, announceSent } })).start();
    actor.send(change('fullName', '  Sam Taylor '));
    actor.send(change('emailAddress', ' sam@example.com  '));
    actor.send(change('phoneNumber', ' 07123 456789 '));
    actor.send(change('joinCause', `  ${valid.joinCause} `));
    actor.send({ type: 'youth.changeAge', age: 30 });
    actor.send({ type: 'youth.submit' });
    expect(announceSending).toHaveBeenCalledTimes(1);
    expect(announceSent).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1500);
    expect(actor.getSnapshot().context).toStrictEqual({
      values: emptyYouthValues,
      errors: {},
      application: { ...valid, age: 30 },
    });
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
