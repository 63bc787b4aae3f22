import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  ACCEPT_ON_SCROLL_PERCENT,
  CONSENT_COOKIE,
  CONSENT_DAYS,
  consentAccepted,
  consentMachine,
} from '#machines/consent.machine';
import { consentSamples } from './samples';
import { describePathTests } from './pathTest';

describePathTests({ machine: consentMachine, ...consentSamples });

describe('consent: accept on scroll', () => {
  const scrolled = (percent: number) => ({ type: 'consent.scrolled' as const, percent });

  it('is off by default: scrolling to the bottom leaves the banner asking', () => {
    const saveChoice = vi.fn();
    const actor = createActor(consentMachine.provide({ actions: { saveChoice } }), { input: { stored: null } }).start();
    expect(actor.getSnapshot().context.acceptOnScroll).toBe(false);
    actor.send(scrolled(100));
    expect(actor.getSnapshot().value).toBe('asking');
    expect(saveChoice).not.toHaveBeenCalled();
  });

  it('when on, accepts once the visitor scrolls past 25 percent, and saves the choice', () => {
    expect(ACCEPT_ON_SCROLL_PERCENT).toBe(25);
    const saveChoice = vi.fn();
    const actor = createActor(
      consentMachine.provide({ actions: { saveChoice: (_, params) => saveChoice(params.choice) } }),
      { input: { stored: null, acceptOnScroll: true } },
    ).start();
    actor.send(scrolled(10));
    actor.send(scrolled(25));
    expect(actor.getSnapshot().value).toBe('asking');
    actor.send(scrolled(25.5));
    expect(actor.getSnapshot().value).toBe('decided');
    expect(saveChoice).toHaveBeenCalledExactlyOnceWith('true');
    expect(consentAccepted(actor.getSnapshot())).toBe(true);
  });

  it("never decides for a visitor who opened 'Cookie settings' again", () => {
    const actor = createActor(consentMachine, { input: { stored: 'false', acceptOnScroll: true } }).start();
    actor.send({ type: 'consent.review' });
    actor.send(scrolled(90));
    expect(actor.getSnapshot().value).toBe('reviewing');
    expect(actor.getSnapshot().context.choice).toBe('false');
  });
});

describe('consent: the cookie', () => {
  it('asks when nothing valid is stored and saves the choice', () => {
    const saveChoice = vi.fn();
    const actor = createActor(
      consentMachine.provide({ actions: { saveChoice: (_, params) => saveChoice(params.choice) } }),
      { input: { stored: 'maybe' } },
    ).start();
    expect(actor.getSnapshot().value).toBe('asking');
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

describe('consent: declining on the first banner', () => {
  it("the first banner may decline at once, and saves 'false'", () => {
    const saveChoice = vi.fn();
    const actor = createActor(
      consentMachine.provide({ actions: { saveChoice: (_, params) => saveChoice(params.choice) } }),
      { input: { stored: null } },
    ).start();
    expect(actor.getSnapshot().value).toBe('asking');
    actor.send({ type: 'consent.decline' });
    expect(actor.getSnapshot().value).toBe('decided');
    expect(actor.getSnapshot().context.choice).toBe('false');
    expect(consentAccepted(actor.getSnapshot())).toBe(false);
    expect(saveChoice).toHaveBeenCalledExactlyOnceWith('false');
  });
});

describe('consent: changing a declined choice', () => {
  it("the cookie is 'CookieConsent', kept 365 days", () => {
    expect(CONSENT_COOKIE).toBe('CookieConsent');
    expect(CONSENT_DAYS).toBe(365);
  });

  it("'Cookie settings' may accept after a decline, and saves 'true'", () => {
    const saveChoice = vi.fn();
    const actor = createActor(
      consentMachine.provide({ actions: { saveChoice: (_, params) => saveChoice(params.choice) } }),
      { input: { stored: 'false' } },
    ).start();
    actor.send({ type: 'consent.review' });
    actor.send({ type: 'consent.accept' });
    expect(actor.getSnapshot().value).toBe('decided');
    expect(actor.getSnapshot().context.choice).toBe('true');
    expect(saveChoice).toHaveBeenCalledExactlyOnceWith('true');
  });
});
