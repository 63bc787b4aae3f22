/**
 * Cookie consent (SPEC 2, 4, 9): the CookieConsent cookie absent means the banner shows, with the
 * site's 'Understood'. Later, 'Cookie settings' opens the default variant of the banner ('I understand'
 * and a decline button), so a choice can be changed. Either choice is saved ('true' / 'false') for
 * 365 days by the injected saveChoice.
 */
import { assign, setup } from 'xstate';

export const CONSENT_COOKIE = 'CookieConsent';
export const CONSENT_DAYS = 365;

export type ConsentChoice = 'true' | 'false';
export type ConsentEvent = { type: 'consent.accept' } | { type: 'consent.decline' } | { type: 'consent.review' };

/**
 * Whether the visitor has accepted cookies: the saved choice is 'true' (also while 'Cookie settings' is
 * open again, until they decline).
 */
export function consentAccepted(snapshot: { context: { choice: ConsentChoice | null } }): boolean {
  return snapshot.context.choice === 'true';
}

export const consentMachine = setup({
  types: {
    context: {} as { choice: ConsentChoice | null },
    input: {} as { stored: string | null },
    events: {} as ConsentEvent,
  },
  actions: {
    saveChoice: (_, _params: { choice: ConsentChoice }) => {},
  },
  guards: {
    hasChoice: ({ context }) => context.choice !== null,
  },
}).createMachine({
  id: 'consent',
  context: ({ input }) => ({
    choice: input.stored === 'true' || input.stored === 'false' ? input.stored : null,
  }),
  initial: 'reading',
  states: {
    reading: {
      always: [{ guard: 'hasChoice', target: 'decided' }, { target: 'asking' }],
    },
    /** First visit: the site's banner, with 'Understood' only. */
    asking: {
      on: {
        'consent.accept': {
          target: 'decided',
          actions: [assign({ choice: 'true' }), { type: 'saveChoice', params: { choice: 'true' } }],
        },
      },
    },
    /** Opened from 'Cookie settings': the default banner, which may also decline. */
    reviewing: {
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
      on: { 'consent.review': 'reviewing' },
    },
  },
});
