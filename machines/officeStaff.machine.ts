/**
 * The admin's staff panel on /office (docs/product.md#orders): who has the office or admin role, granting the
 * office role to an account by its e-mail address, and revoking it (confirmed first in a dialog: the member
 * loses the office at once). Each change answers the list as it now stands, which replaces the one shown; a
 * failure is an error toast and the form keeps what was typed.
 *
 * Only the office role is granted or revoked here: admins are made with `npm run roles`, so an admin cannot
 * lock every admin out from the browser.
 */
import { assign, fromPromise, setup } from 'xstate';
import { EMAIL_MAX, EMAIL_PATTERN } from '#domain/contract';
import { toastActorError } from './lib/errorToast';
import { GRANTABLE_ROLES } from '#domain/orders';
import { type StaffMember } from '#domain/officeContract';
import { providedByView } from './lib/providedByView';

export type OfficeStaffEvent =
  | { type: 'staff.changeEmail'; value: string }
  | { type: 'staff.grant' }
  | { type: 'staff.revoke'; id: string }
  | { type: 'staff.confirm' }
  | { type: 'staff.cancel' }
  | { type: 'staff.reload' };

interface OfficeStaffContext {
  staff: StaffMember[];
  /** The address typed into the grant form. */
  email: string;
  /** The member whose role is to be revoked (while the confirmation is asked) or is being revoked. */
  revoking: string | null;
}

/** The address as the form would send it, when it looks like one. */
export function grantableEmail(email: string): string | null {
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX && EMAIL_PATTERN.test(trimmed) ? trimmed : null;
}

/** The name of the member with this address in the list (the address itself when it is not there). */
function nameOf(staff: StaffMember[], email: string): string {
  const address = grantableEmail(email) ?? email.trim();
  return staff.find((member) => member.email.toLowerCase() === address.toLowerCase())?.name ?? address;
}

/** A member whose role this panel may take away. */
export function revocable(member: StaffMember): boolean {
  return (GRANTABLE_ROLES as readonly string[]).includes(member.role);
}

export const officeStaffMachine = setup({
  types: {} as {
    context: OfficeStaffContext;
    events: OfficeStaffEvent;
    tags: 'loading' | 'failed' | 'confirming' | 'granting' | 'revoking';
  },
  actors: {
    loadStaff: fromPromise<StaffMember[]>(async () => {
      throw new Error('loadStaff is not provided');
    }),
    grantOffice: fromPromise<StaffMember[], { email: string }>(async () => {
      throw new Error('grantOffice is not provided');
    }),
    revokeOffice: fromPromise<StaffMember[], { id: string }>(async () => {
      throw new Error('revokeOffice is not provided');
    }),
  },
  actions: {
    showError: providedByView<{ message: string }>(),
    announce: providedByView<{ message: string }>(),
  },
  guards: {
    emailGiven: ({ context }) => grantableEmail(context.email) !== null,
    revocable: ({ context, event }) =>
      event.type === 'staff.revoke' && context.staff.some((member) => member.id === event.id && revocable(member)),
  },
}).createMachine({
  id: 'officeStaff',
  context: { staff: [], email: '', revoking: null },
  initial: 'loading',
  // The address may be typed while the list loads or a change is out.
  on: { 'staff.changeEmail': { actions: assign({ email: ({ event }) => event.value }) } },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadStaff',
        src: 'loadStaff',
        onDone: { target: 'ready', actions: assign({ staff: ({ event }) => event.output }) },
        onError: {
          target: 'unavailable',
          actions: toastActorError,
        },
      },
    },
    /** The list could not be loaded: the panel offers to try again. */
    unavailable: {
      tags: ['failed'],
      on: { 'staff.reload': 'loading' },
    },
    ready: {
      on: {
        'staff.grant': { guard: 'emailGiven', target: 'granting' },
        'staff.revoke': {
          guard: 'revocable',
          target: 'confirmingRevoke',
          actions: assign({ revoking: ({ event }) => event.id }),
        },
      },
    },
    /** The revocation is confirmed first (docs/product.md#orders): the member would lose the office at once. */
    confirmingRevoke: {
      tags: ['confirming'],
      on: {
        'staff.confirm': 'revoking',
        'staff.cancel': { target: 'ready', actions: assign({ revoking: null }) },
      },
    },
    granting: {
      tags: ['granting'],
      invoke: {
        id: 'grantOffice',
        src: 'grantOffice',
        input: ({ context }) => ({ email: grantableEmail(context.email)! }),
        onDone: {
          target: 'ready',
          actions: [
            {
              type: 'announce',
              params: ({ context, event }) => ({
                message: `${nameOf(event.output, context.email)} now has access to the office.`,
              }),
            },
            assign({ staff: ({ event }) => event.output, email: '' }),
          ],
        },
        onError: {
          target: 'ready',
          actions: toastActorError,
        },
      },
    },
    revoking: {
      tags: ['revoking'],
      invoke: {
        id: 'revokeOffice',
        src: 'revokeOffice',
        input: ({ context }) => ({ id: context.revoking! }),
        onDone: {
          target: 'ready',
          actions: [
            {
              type: 'announce',
              params: ({ context }) => ({
                message: `${context.staff.find((member) => member.id === context.revoking)?.name ?? 'The member'} no longer has access to the office.`,
              }),
            },
            assign({ staff: ({ event }) => event.output, revoking: null }),
          ],
        },
        onError: {
          target: 'ready',
          actions: [assign({ revoking: null }), toastActorError],
        },
      },
    },
  },
});
