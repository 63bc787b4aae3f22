import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type ContactField, type ContactMessage, contactMachine } from '#machines/contact.machine';
import { describePathTests } from './pathTest';

describePathTests({
  machine: contactMachine,
  events: [
    { type: 'contact.change', field: 'name', value: 'Ada' },
    { type: 'contact.change', field: 'email', value: 'ada@example.com' },
    { type: 'contact.change', field: 'message', value: 'Hello there' },
    { type: 'contact.trap', value: 'http://spam.example' },
    { type: 'contact.submit' },
    { type: 'contact.dismiss' },
  ],
  outputs: { sendMessage: ['Thank you, your message has been sent.'] },
  errors: { sendMessage: [new Error('Too many attempts. Please try again in 1 hour.')] },
  check: (snapshot) => {
    // A failure is shown only over the form, as typed.
    if (snapshot.context.failure !== null) expect(snapshot.value).toBe('editing');
    // The success alert shows only over a cleared form.
    if (snapshot.matches('sent')) expect(snapshot.context.values).toEqual({ name: '', email: '', message: '' });
  },
});

/** The machine with a send that records what it was given, and fails while `failing` says so. */
function sending(sent: ContactMessage[] = [], failing = { now: false }) {
  return contactMachine.provide({
    actors: {
      sendMessage: fromPromise(async ({ input }: { input: ContactMessage }) => {
        if (failing.now) throw new Error('We could not send it just now.');
        sent.push(input);
        return 'Thank you, your message has been sent.';
      }),
    },
  });
}

describe('contact: the validation messages', () => {
  it('shows every message for an empty form, and clears one when its field is typed in', () => {
    const actor = createActor(sending()).start();
    actor.send({ type: 'contact.change', field: 'name', value: '   ' });
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
    actor.send({ type: 'contact.change', field: 'email', value: 'not-an-address' });
    expect(actor.getSnapshot().context.errors.email).toBeUndefined();
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().context.errors.email).toBe('Email is invalid');
  });

  it('a valid message is sent trimmed, with the honeypot, then shows the alert and clears the fields', async () => {
    const sent: ContactMessage[] = [];
    const actor = createActor(sending(sent)).start();
    actor.send({ type: 'contact.change', field: 'name', value: ' Ada ' });
    actor.send({ type: 'contact.change', field: 'email', value: ' ada@example.com ' });
    actor.send({ type: 'contact.change', field: 'message', value: 'Please call me.' });
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().value).toBe('sending');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('sent'));
    expect(sent).toEqual([{ name: 'Ada', email: 'ada@example.com', message: 'Please call me.', website: '' }]);
    expect(actor.getSnapshot().context.values).toEqual({ name: '', email: '', message: '' });
  });

  it('sends what a robot put in the hidden field as it is, so the server can tell', async () => {
    const sent: ContactMessage[] = [];
    const actor = createActor(sending(sent)).start();
    actor.send({ type: 'contact.change', field: 'name', value: 'Bot' });
    actor.send({ type: 'contact.change', field: 'email', value: 'bot@example.com' });
    actor.send({ type: 'contact.change', field: 'message', value: 'Buy now.' });
    actor.send({ type: 'contact.trap', value: ' http://spam.example ' });
    actor.send({ type: 'contact.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('sent'));
    expect(sent).toEqual([
      { name: 'Bot', email: 'bot@example.com', message: 'Buy now.', website: ' http://spam.example ' },
    ]);
  });

  it('a failed send keeps the fields and says why, until the visitor types', async () => {
    const failing = { now: true };
    const actor = createActor(sending([], failing)).start();
    actor.send({ type: 'contact.change', field: 'name', value: 'Ada' });
    actor.send({ type: 'contact.change', field: 'email', value: 'ada@example.com' });
    actor.send({ type: 'contact.change', field: 'message', value: 'Hello' });
    actor.send({ type: 'contact.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.failure).toBe('We could not send it just now.'));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({ name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    actor.send({ type: 'contact.change', field: 'message', value: 'Hello again' });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});

describe('contact: what the form holds', () => {
  const type = (actor: ReturnType<typeof start>, values: Partial<Record<ContactField, string>>) => {
    for (const [field, value] of Object.entries(values)) {
      actor.send({ type: 'contact.change', field: field as ContactField, value });
    }
  };
  const start = () => createActor(sending()).start();

  it('starts empty, with no errors and no message kept', () => {
    const actor = start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({
      values: { name: '', email: '', message: '' },
      errors: {},
      website: '',
      message: null,
      failure: null,
    });
  });

  it('keeps each field as typed, and clears only the error of that field', () => {
    const actor = start();
    actor.send({ type: 'contact.submit' });
    type(actor, { name: ' Ada ' });
    expect(actor.getSnapshot().context.values).toEqual({ name: ' Ada ', email: '', message: '' });
    expect(actor.getSnapshot().context.errors).toEqual({
      name: undefined,
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('keeps the trimmed message for the thanks, clears the errors, and a change starts a new message', async () => {
    const actor = start();
    type(actor, { name: 'Ada', email: 'nope', message: ' Please call me. ' });
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'Email is invalid' });
    type(actor, { name: ' Ada Lovelace ', email: ' ada@example.com ' });
    actor.send({ type: 'contact.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('sent'));
    expect(actor.getSnapshot().context).toEqual({
      values: { name: '', email: '', message: '' },
      errors: {},
      website: '',
      message: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me.' },
      failure: null,
    });

    // Typing again closes the alert and starts over from the cleared form, with what was typed.
    type(actor, { name: 'Grace' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({ name: 'Grace', email: '', message: '' });
  });

  it('dismissing the alert goes back to the empty form', async () => {
    const actor = start();
    type(actor, { name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    actor.send({ type: 'contact.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('sent'));
    actor.send({ type: 'contact.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({ name: '', email: '', message: '' });
  });
});
