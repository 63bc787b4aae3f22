/**
 * The authenticator app on the profile's Security section (docs/product.md#second-factor). The status is read
 * first (`loading`); it says whether the app is on, and the machine settles in `disabled` or `enabled`:
 *
 * - `disabled`: "Set up authenticator app" asks for the owner's proof (`proving`): the current password, or for an
 *   account without one (Google only) a code e-mailed on request (`sendingCode`). The set-up answers the secret
 *   (`scanning`: the QR code and the secret as text); the first code of the app turns it on (`enabling`).
 * - `enabled`: "New recovery codes" asks a current code of the app (`renewing`); "Turn off" asks the proof and a
 *   current code of the app or a recovery code (`turningOff`).
 * - `showingCodes`: the recovery codes, after the app is turned on or the codes renewed. They are shown once:
 *   "I have saved them" forgets them and reads the status again.
 *
 * Every refusal keeps what was typed and shows the server's text (`error`). A form closed (Cancel, or done)
 * forgets its values, refusal and notice, so the next one opens empty.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { SIX_DIGIT_CODE } from '#domain/contract';
import { type TwoFactorSetupResponse, type TwoFactorStatus } from '#domain/twoFactorContract';
import { type OwnerProof, ownerProof, proofGiven } from './lib/ownerProof';
import { assignError } from './lib/assignError';
import { providedByView } from './lib/providedByView';

/** The fields the forms have: the owner's proof, and a code of the app (or, to turn it off, a recovery code). */
export type TwoFactorField = 'password' | 'emailCode' | 'appCode';

export type TwoFactorEvent =
  | { type: 'totp.start' }
  | { type: 'totp.change'; field: TwoFactorField; value: string }
  | { type: 'totp.sendCode' }
  | { type: 'totp.submit' }
  | { type: 'totp.cancel' }
  | { type: 'totp.renew' }
  | { type: 'totp.turnOff' }
  | { type: 'totp.acknowledge' }
  | { type: 'totp.retry' };

export interface TwoFactorInput {
  /** Whether the account has a password; one without proves itself with an e-mailed code. */
  hasPassword: boolean;
}

export interface TurnOffRequest {
  proof: OwnerProof;
  /** A current code of the app, or a recovery code. */
  twoFactorCode: string;
}

type Values = Record<TwoFactorField, string>;

interface TwoFactorContext {
  hasPassword: boolean;
  /** The status as last read; null until the first read. */
  status: TwoFactorStatus | null;
  values: Values;
  /** The secret waiting for its first code (null outside the set-up). */
  pending: TwoFactorSetupResponse | null;
  /** The recovery codes to show once (null once acknowledged). */
  recoveryCodes: string[] | null;
  /** The server's last refusal, shown by the form. */
  error: string | null;
  /** The server's word that a code was e-mailed. */
  notice: string | null;
}

const empty: Values = { password: '', emailCode: '', appCode: '' };

/** A recovery code as the contract takes it (domain/contract.ts, RecoveryCode). */
const RECOVERY_CODE = /^[A-Za-z0-9]{4}[-\s]?[A-Za-z0-9]{4}$/;

export const twoFactorMachine = setup({
  types: {} as {
    // What the view shows; it reads these, never a state's path (docs/decisions/0041-a-feature-lives-together.md).
    tags:
      | 'loading'
      | 'failed'
      | 'offeringSetUp'
      | 'setUpForm'
      | 'sendingCode'
      | 'submitting'
      | 'scanForm'
      | 'offeringChanges'
      | 'renewForm'
      | 'turnOffForm';
    context: TwoFactorContext;
    events: TwoFactorEvent;
    input: TwoFactorInput;
  },
  actors: {
    loadStatus: fromPromise<TwoFactorStatus>(async () => {
      throw new Error('loadStatus is not provided');
    }),
    /** E-mails a code to an account without a password; answers the server's message. */
    requestCode: fromPromise<string>(async () => {
      throw new Error('requestCode is not provided');
    }),
    setUp: fromPromise<TwoFactorSetupResponse, OwnerProof>(async () => {
      throw new Error('setUp is not provided');
    }),
    /** The first code: answers the recovery codes. */
    enable: fromPromise<string[], string>(async () => {
      throw new Error('enable is not provided');
    }),
    /** A current code: answers new recovery codes. */
    renewCodes: fromPromise<string[], string>(async () => {
      throw new Error('renewCodes is not provided');
    }),
    /** Answers the server's message. */
    turnOff: fromPromise<string, TurnOffRequest>(async () => {
      throw new Error('turnOff is not provided');
    }),
  },
  actions: {
    assignError: assignError<TwoFactorContext, TwoFactorEvent>(),
    announce: providedByView<{ message: string }>(),
    /** A form's values, refusal and notice are forgotten when it closes: the next one opens empty. */
    clearForm: assign({ values: empty, error: null, notice: null }),
    keepValue: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'totp.change');
        return { ...context.values, [event.field]: event.value };
      },
    }),
  },
  guards: {
    isOn: (_, status: TwoFactorStatus) => status.totp,
    withoutPassword: ({ context }) => !context.hasPassword,
    proofGiven: ({ context }) => proofGiven(context),
    appCodeGiven: ({ context }) => SIX_DIGIT_CODE.test(context.values.appCode.trim()),
    /** Turning off takes the proof and a code of the app or a recovery code. */
    turnOffGiven: ({ context }) => {
      const code = context.values.appCode.trim();
      return proofGiven(context) && (SIX_DIGIT_CODE.test(code) || RECOVERY_CODE.test(code));
    },
  },
}).createMachine({
  id: 'twoFactor',
  context: ({ input }) => ({
    hasPassword: input.hasPassword,
    status: null,
    values: empty,
    pending: null,
    recoveryCodes: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'isOn', params: ({ event }) => event.output },
            target: 'enabled',
            actions: assign({ status: ({ event }) => event.output }),
          },
          { target: 'disabled', actions: assign({ status: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    /** The status could not be read: its error and "Try again". */
    failed: {
      tags: ['failed'],
      on: { 'totp.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    disabled: {
      initial: 'idle',
      states: {
        idle: {
          tags: ['offeringSetUp'],
          on: { 'totp.start': 'proving' },
        },
        /** The password, or the e-mailed code (with "Send a code"). */
        proving: {
          tags: ['setUpForm'],
          on: {
            'totp.change': { actions: 'keepValue' },
            'totp.sendCode': { guard: 'withoutPassword', target: 'sendingCode' },
            'totp.submit': { guard: 'proofGiven', target: 'settingUp' },
            'totp.cancel': { target: 'idle', actions: 'clearForm' },
          },
        },
        sendingCode: {
          tags: ['setUpForm', 'sendingCode'],
          entry: assign({ error: null }),
          invoke: {
            id: 'requestCode',
            src: 'requestCode',
            onDone: { target: 'proving', actions: assign({ notice: ({ event }) => event.output }) },
            onError: { target: 'proving', actions: 'assignError' },
          },
        },
        settingUp: {
          tags: ['setUpForm', 'submitting'],
          entry: assign({ error: null }),
          invoke: {
            id: 'setUp',
            src: 'setUp',
            input: ({ context }) => ownerProof(context),
            onDone: {
              target: 'scanning',
              actions: assign({ pending: ({ event }) => event.output, values: empty, notice: null }),
            },
            onError: { target: 'proving', actions: 'assignError' },
          },
        },
        /** The QR code and the secret; the first code of the app. */
        scanning: {
          tags: ['scanForm'],
          on: {
            'totp.change': { actions: 'keepValue' },
            'totp.submit': { guard: 'appCodeGiven', target: 'enabling' },
            'totp.cancel': { target: 'idle', actions: ['clearForm', assign({ pending: null })] },
          },
        },
        enabling: {
          tags: ['scanForm', 'submitting'],
          entry: assign({ error: null }),
          invoke: {
            id: 'enable',
            src: 'enable',
            input: ({ context }) => context.values.appCode.trim(),
            onDone: {
              target: '#twoFactor.showingCodes',
              actions: ['clearForm', assign({ pending: null, recoveryCodes: ({ event }) => event.output })],
            },
            onError: { target: 'scanning', actions: 'assignError' },
          },
        },
      },
    },
    enabled: {
      initial: 'idle',
      states: {
        idle: {
          tags: ['offeringChanges'],
          on: {
            'totp.renew': 'renewing',
            'totp.turnOff': 'turningOff',
          },
        },
        /** A current code of the app, for new recovery codes. */
        renewing: {
          tags: ['renewForm'],
          on: {
            'totp.change': { actions: 'keepValue' },
            'totp.submit': { guard: 'appCodeGiven', target: 'renewingCodes' },
            'totp.cancel': { target: 'idle', actions: 'clearForm' },
          },
        },
        renewingCodes: {
          tags: ['renewForm', 'submitting'],
          entry: assign({ error: null }),
          invoke: {
            id: 'renewCodes',
            src: 'renewCodes',
            input: ({ context }) => context.values.appCode.trim(),
            onDone: {
              target: '#twoFactor.showingCodes',
              actions: ['clearForm', assign({ recoveryCodes: ({ event }) => event.output })],
            },
            onError: { target: 'renewing', actions: 'assignError' },
          },
        },
        /** The proof (password, or "Send a code" and the code), and a code of the app or a recovery code. */
        turningOff: {
          tags: ['turnOffForm'],
          on: {
            'totp.change': { actions: 'keepValue' },
            'totp.sendCode': { guard: 'withoutPassword', target: 'sendingOffCode' },
            'totp.submit': { guard: 'turnOffGiven', target: 'disabling' },
            'totp.cancel': { target: 'idle', actions: 'clearForm' },
          },
        },
        sendingOffCode: {
          tags: ['turnOffForm', 'sendingCode'],
          entry: assign({ error: null }),
          invoke: {
            id: 'requestOffCode',
            src: 'requestCode',
            onDone: { target: 'turningOff', actions: assign({ notice: ({ event }) => event.output }) },
            onError: { target: 'turningOff', actions: 'assignError' },
          },
        },
        disabling: {
          tags: ['turnOffForm', 'submitting'],
          entry: assign({ error: null }),
          invoke: {
            id: 'turnOff',
            src: 'turnOff',
            input: ({ context }) => ({ proof: ownerProof(context), twoFactorCode: context.values.appCode.trim() }),
            onDone: {
              target: '#twoFactor.loading',
              actions: ['clearForm', { type: 'announce', params: ({ event }) => ({ message: event.output }) }],
            },
            onError: { target: 'turningOff', actions: 'assignError' },
          },
        },
      },
    },
    /** The recovery codes, shown once: "I have saved them" forgets them and reads the status again. */
    showingCodes: {
      on: { 'totp.acknowledge': { target: 'loading', actions: assign({ recoveryCodes: null }) } },
    },
  },
});
