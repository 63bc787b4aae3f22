import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { contactMachine } from '../../machines/contact.machine';
import { describePathTests } from './pathTest';

describePathTests({
  machine: contactMachine,
  events: [
    { type: 'contact.change', field: 'name', value: 'Ada' },
    { type: 'contact.change', field: 'email', value: 'ada@example.com' },
    { type: 'contact.change', field: 'message', value: 'Hello there' },
    { type: 'contact.submit' },
    { type: 'contact.dismiss' },
  ],
  check: (snapshot) => {
    // The success alert shows only over a cleared form.
    if (snapshot.matches('sent')) expect(snapshot.context.values).toEqual({ name: '', email: '', message: '' });
  },
});

describe('contact: the validation messages', () => {
  it('shows every message for an empty form, and clears one when its field is typed in', () => {
    const actor = createActor(contactMachine).start();
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

  it('a valid message shows the alert and clears the fields', () => {
    const actor = createActor(contactMachine).start();
    actor.send({ type: 'contact.change', field: 'name', value: ' Ada ' });
    actor.send({ type: 'contact.change', field: 'email', value: ' ada@example.com ' });
    actor.send({ type: 'contact.change', field: 'message', value: 'Please call me.' });
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().value).toBe('sent');
    expect(actor.getSnapshot().context.values).toEqual({ name: '', email: '', message: '' });
  });
});
