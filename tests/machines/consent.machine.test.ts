import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { consentAccepted, consentMachine } from '../../machines/consent.machine';
import { describePathTests } from './pathTest';

describePathTests({
  machine: consentMachine,
  inputs: [{ stored: null }, { stored: 'true' }, { stored: 'false' }, { stored: 'garbage' }],
  events: [{ type: 'consent.accept' }, { type: 'consent.decline' }, { type: 'consent.review' }],
});

describe('consent: the cookie', () => {
  it('asks when nothing valid is stored and saves the choice', () => {
    const saveChoice = vi.fn();
    const actor = createActor(
      consentMachine.provide({ actions: { saveChoice: (_, params) => saveChoice(params.choice) } }),
      { input: { stored: 'maybe' } },
    ).start();
    expect(actor.getSnapshot().value).toBe('asking');
    actor.send({ type: 'consent.decline' });
    expect(actor.getSnapshot().value).toBe('asking'); // the site's banner has no decline
    actor.send({ type: 'consent.accept' });
    expect(saveChoice).toHaveBeenLastCalledWith('true');
    actor.send({ type: 'consent.review' });
    actor.send({ type: 'consent.decline' });
    expect(saveChoice).toHaveBeenLastCalledWith('false');
    expect(actor.getSnapshot().context.choice).toBe('false');
  });

  it('does not ask again once decided', () => {
    const actor = createActor(consentMachine, { input: { stored: 'true' } }).start();
    expect(actor.getSnapshot().value).toBe('decided');
  });

  it('counts as accepted only once the visitor accepted, until they decline', () => {
    const actor = createActor(consentMachine, { input: { stored: null } }).start();
    expect(consentAccepted(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'consent.accept' });
    expect(consentAccepted(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'consent.review' });
    expect(consentAccepted(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'consent.decline' });
    expect(consentAccepted(actor.getSnapshot())).toBe(false);
    expect(consentAccepted(createActor(consentMachine, { input: { stored: 'false' } }).getSnapshot())).toBe(false);
    expect(consentAccepted(createActor(consentMachine, { input: { stored: 'true' } }).getSnapshot())).toBe(true);
  });
});
