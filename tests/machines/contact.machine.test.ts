import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type ContactField, contactMachine } from '../../machines/contact.machine';
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

describe('contact: what the form holds', () => {
  const type = (actor: ReturnType<typeof start>, values: Partial<Record<ContactField, string>>) => {
    for (const [field, value] of Object.entries(values)) {
      actor.send({ type: 'contact.change', field: field as ContactField, value });
    }
  };
  const start = () => createActor(contactMachine).start();

  it('starts empty, with no errors and no message kept', () => {
    const actor = start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({
      values: { name: '', email: '', message: '' },
      errors: {},
      message: null,
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

  it('keeps the trimmed message for the e-mail, clears the errors, and a change starts a new message', () => {
    const actor = start();
    type(actor, { name: 'Ada', email: 'nope', message: ' Please call me. ' });
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'Email is invalid' });
    type(actor, { name: ' Ada Lovelace ', email: ' ada@example.com ' });
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().value).toBe('sent');
    expect(actor.getSnapshot().context).toEqual({
      values: { name: '', email: '', message: '' },
      errors: {},
      message: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me.' },
    });

    // Typing again closes the alert and starts over from the cleared form, with what was typed.
    type(actor, { name: 'Grace' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({ name: 'Grace', email: '', message: '' });
  });

  it('dismissing the alert goes back to the empty form', () => {
    const actor = start();
    type(actor, { name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    actor.send({ type: 'contact.submit' });
    actor.send({ type: 'contact.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({ name: '', email: '', message: '' });
  });
});
