/**
 * Cookie consent: the CookieConsent cookie absent means the banner shows, with 'Understood' and an equally
 * prominent 'Decline': UK rules ask that refusing is as easy as accepting (docs/product.md, App start).
 * Later, 'Cookie settings' opens the banner again, with the same two buttons, so a choice can be changed.
 * Either choice is saved ('true' / 'false') for 365 days by the injected saveChoice.
 *
 * A site may also let scrolling accept (the `acceptOnScroll` option, off unless the site turns it on):
 * then the first-visit banner counts as accepted once the visitor has scrolled past
 * ACCEPT_ON_SCROLL_PERCENT of the page.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './lib/providedByView';

export const CONSENT_COOKIE = 'CookieConsent';
export const CONSENT_DAYS = 365;
/** With accept-on-scroll on, scrolling further than this share of the page accepts. */
export const ACCEPT_ON_SCROLL_PERCENT = 25;

export type ConsentChoice = 'true' | 'false';
export type ConsentEvent =
  | { type: 'consent.accept' }
  | { type: 'consent.decline' }
  | { type: 'consent.review' }
  /** How far down the page the visitor has scrolled: 0 at the top, 100 at the bottom. */
  | { type: 'consent.scrolled'; percent: number };

export interface ConsentInput {
  /** The cookie's value, if any. */
  stored: string | null;
  /** Whether scrolling past ACCEPT_ON_SCROLL_PERCENT accepts; off when absent. */
  acceptOnScroll?: boolean;
}

/**
 * Whether the visitor has accepted cookies: the saved choice is 'true' (also while 'Cookie settings' is
 * open again, until they decline).
 */
export function consentAccepted(snapshot: { context: { choice: ConsentChoice | null } }): boolean {
  return snapshot.context.choice === 'true';
}

export const consentMachine = setup({
  types: {} as {
    context: { choice: ConsentChoice | null; acceptOnScroll: boolean };
    input: ConsentInput;
    events: ConsentEvent;
    tags: 'firstVisit' | 'reviewing' | 'decided';
  },
  actions: {
    saveChoice: providedByView<{ choice: ConsentChoice }>(),
  },
  guards: {
    hasChoice: ({ context }) => context.choice !== null,
    scrolledPastThreshold: ({ context, event }) =>
      context.acceptOnScroll && event.type === 'consent.scrolled' && event.percent > ACCEPT_ON_SCROLL_PERCENT,
  },
}).createMachine({
  id: 'consent',
  context: ({ input }) => ({
    choice: input.stored === 'true' || input.stored === 'false' ? input.stored : null,
    acceptOnScroll: input.acceptOnScroll ?? false,
  }),
  initial: 'reading',
  states: {
    reading: {
      always: [{ guard: 'hasChoice', target: 'decided' }, { target: 'asking' }],
    },
    /** First visit: 'Understood' or 'Decline' (and, if the site wants it, scrolling accepts). */
    asking: {
      tags: ['firstVisit'],
      on: {
        'consent.accept': {
          target: 'decided',
          actions: [assign({ choice: 'true' }), { type: 'saveChoice', params: { choice: 'true' } }],
        },
        'consent.decline': {
          target: 'decided',
          actions: [assign({ choice: 'false' }), { type: 'saveChoice', params: { choice: 'false' } }],
        },
        'consent.scrolled': {
          guard: 'scrolledPastThreshold',
          target: 'decided',
          actions: [assign({ choice: 'true' }), { type: 'saveChoice', params: { choice: 'true' } }],
        },
      },
    },
    /** Opened from 'Cookie settings': the same two buttons; scrolling never decides here. */
    reviewing: {
      tags: ['reviewing'],
      on: {
        'consent.accept': {
          target: 'decided',
          actions: [assign({ choice: 'true' }), { type: 'saveChoice', params: { choice: 'true' } }],
        },
        'consent.decline': {
          target: 'decided',
          actions: [assign({ choice: 'false' }), { type: 'saveChoice', params: { choice: 'false' } }],
        },
      },
    },
    decided: {
      tags: ['decided'],
      on: { 'consent.review': 'reviewing' },
    },
  },
});
