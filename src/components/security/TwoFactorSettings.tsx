import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { TwoFactorField, TwoFactorEvent, twoFactorMachine } from '#machines/twoFactor.machine';
import { PASSWORD_MAX } from '#domain/contract';
import { useAppActors } from '#src/common/AppActorsContext';
import { useToast } from '#src/common/hooks';
import { wireTwoFactor } from './TwoFactorSettings.wiring';
import { Spinner } from '../Spinner';
import { EmailCodeField } from './EmailCodeField';
import { CopyButton, RecoveryCodes } from './TwoFactorCodes';
import './TwoFactorSettings.css';

const TwoFactorQr = lazy(() => import('./TwoFactorQr'));

type Snapshot = SnapshotFrom<typeof twoFactorMachine>;
type Send = (event: TwoFactorEvent) => void;

const ERROR_ID = 'totp-error';
const dateOf = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(iso));
/** The secret in groups of four, as it is easier to type by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The authenticator app's block of the profile's Security section (docs/product.md#second-factor): its status,
 * and setting it up, new recovery codes and turning it off, as the machine says.
 */
export function TwoFactorSettings({ hasPassword }: { hasPassword: boolean }) {
  const app = useAppActors();
  const toast = useToast();
  const [snapshot, send] = useMachine(
    wireTwoFactor({ announce: (message) => toast({ title: message, variant: 'success' }) }),
    { input: { hasPassword }, inspect: app.inspect },
  );
  const { recoveryCodes } = snapshot.context;
  const form = openForm(snapshot, hasPassword);
  return (
    <div className="totp" data-testid="totp-settings">
      <TwoFactorStatusLine snapshot={snapshot} send={send} />
      <TwoFactorActions snapshot={snapshot} send={send} />
      {/* A new key per form: each opens fresh, with the focus on its first field. */}
      {form && <TwoFactorForm key={form.key} snapshot={snapshot} send={send} {...form.text} />}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onSaved={() => send({ type: 'totp.acknowledge' })} />}
    </div>
  );
}

/** The status line, its spinner while it is read, or the reason it could not be read with "Try again". */
function TwoFactorStatusLine({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const { status, recoveryCodes } = snapshot.context;
  const loading = snapshot.hasTag('loading');
  const failed = snapshot.hasTag('failed');
  return (
    <>
      {loading && (
        <p className="totp__status">
          Authenticator app: <Spinner label="Reading the authenticator app's status" />
        </p>
      )}
      {failed && (
        <div className="totp__actions">
          <p className="form__error" role="alert">
            {snapshot.context.error}
          </p>
          <button type="button" className="button button--outline" onClick={() => send({ type: 'totp.retry' })}>
            Try again
          </button>
        </div>
      )}
      {status && !loading && !failed && !recoveryCodes && (
        <p className="totp__status" data-testid="totp-status">
          {status.totp
            ? `Authenticator app: on since ${dateOf(status.totpSince!)}, ${status.recoveryCodesLeft} recovery ${
                status.recoveryCodesLeft === 1 ? 'code' : 'codes'
              } left`
            : 'Authenticator app: off'}
        </p>
      )}
    </>
  );
}

/** The buttons that open a form: "Set up" while the app is off, "New recovery codes" and "Turn off" while on. */
function TwoFactorActions({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  return (
    <>
      {snapshot.hasTag('offeringSetUp') && (
        <div className="totp__actions">
          <button type="button" className="button button--primary" onClick={() => send({ type: 'totp.start' })}>
            Set up authenticator app
          </button>
        </div>
      )}
      {snapshot.hasTag('offeringChanges') && (
        <div className="totp__actions">
          <button type="button" className="button button--outline" onClick={() => send({ type: 'totp.renew' })}>
            New recovery codes
          </button>
          <button type="button" className="button button--danger" onClick={() => send({ type: 'totp.turnOff' })}>
            Turn off
          </button>
        </div>
      )}
    </>
  );
}

/** What one form of the flow says and asks. */
type FormText = Omit<TwoFactorFormProps, 'snapshot' | 'send'>;

/** The form the machine's tags ask for (`key` names it), with its spinner's label while it is out; null when none is open. */
function openForm(snapshot: Snapshot, hasPassword: boolean): { key: string; text: FormText } | null {
  const busy = (label: string) => (snapshot.hasTag('submitting') ? label : null);
  if (snapshot.hasTag('setUpForm')) {
    return {
      key: 'setUp',
      text: {
        lead: hasPassword
          ? 'To set up an authenticator app, enter your current password.'
          : 'To set up an authenticator app, we e-mail you a code to check it is you.',
        proof: true,
        submit: 'Continue',
        busy: busy('Starting the set-up'),
      },
    };
  }
  if (snapshot.hasTag('scanForm')) {
    const pending = snapshot.context.pending!;
    return {
      key: 'scan',
      text: {
        lead: 'Scan this QR code with your authenticator app (or type the secret into it), then enter the code it shows.',
        appCode: 'Code from the app',
        submit: 'Turn on',
        busy: busy('Turning on'),
        children: <Secret secret={pending.secret} url={pending.otpauthUrl} />,
      },
    };
  }
  if (snapshot.hasTag('renewForm')) {
    return {
      key: 'renew',
      text: {
        lead: 'Enter the code your authenticator app shows now to get ten new recovery codes. The old ones stop working.',
        appCode: 'Code from the app',
        submit: 'Get new codes',
        busy: busy('Making new codes'),
      },
    };
  }
  if (snapshot.hasTag('turnOffForm')) {
    return {
      key: 'turnOff',
      text: {
        lead: hasPassword
          ? 'To turn off the authenticator app, enter your current password and a code from the app (or a recovery code).'
          : 'To turn off the authenticator app, enter a code we e-mail you and a code from the app (or a recovery code).',
        proof: true,
        appCode: 'Code from the app or a recovery code',
        submit: 'Turn off',
        danger: true,
        busy: busy('Turning off'),
      },
    };
  }
  return null;
}

/** The secret as a QR code and as text, with a copy button. */
function Secret({ secret, url }: { secret: string; url: string }) {
  return (
    <div className="totp__secret">
      <Suspense fallback={<div className="totp__qr totp__qr--empty" aria-hidden="true" />}>
        <TwoFactorQr url={url} />
      </Suspense>
      <div className="totp__secret-text">
        <p id="totp-secret-label">Secret</p>
        <code aria-labelledby="totp-secret-label" data-testid="totp-secret">
          {grouped(secret)}
        </code>
        <CopyButton text={secret} label="Copy the secret" />
      </div>
    </div>
  );
}

interface TwoFactorFormProps {
  snapshot: Snapshot;
  send: Send;
  lead: string;
  /** Asks the owner's proof: the password, or (without one) "Send a code" and the e-mailed code. */
  proof?: boolean;
  /** The label of the app's code field, when the form has one. */
  appCode?: string;
  submit: string;
  danger?: boolean;
  /** The spinner's label while the form is out. */
  busy: string | null;
  children?: React.ReactNode;
}

/** One form of the flow: its fields, the server's refusal below them, and submit and Cancel. */
function TwoFactorForm({ snapshot, send, lead, proof, appCode, submit, danger, busy, children }: TwoFactorFormProps) {
  const { error } = snapshot.context;
  const first = useRef<HTMLInputElement>(null);
  // The button that opened the form is gone: the reader starts at its first field.
  useEffect(() => first.current?.focus(), []);
  const described = error ? ERROR_ID : undefined;
  return (
    <form
      className="form totp__panel"
      aria-busy={busy !== null}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'totp.submit' });
      }}
    >
      <p>{lead}</p>
      {children}
      {proof && <ProofField snapshot={snapshot} send={send} first={first} described={described} />}
      {appCode && (
        <AppCodeField
          label={appCode}
          value={snapshot.context.values.appCode}
          // After the proof's field, the app's is not the first; with the proof it takes a recovery code too.
          first={proof ? undefined : first}
          recovery={proof === true}
          described={described}
          onChange={change(send, 'appCode')}
        />
      )}
      {error && (
        <p id={ERROR_ID} className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="totp__actions">
        <button
          type="submit"
          className={`button ${danger ? 'button--danger' : 'button--primary'}`}
          disabled={busy !== null || !snapshot.can({ type: 'totp.submit' })}
        >
          {busy ? <Spinner label={busy} /> : submit}
        </button>
        <button
          type="button"
          className="button button--outline"
          disabled={!snapshot.can({ type: 'totp.cancel' })}
          onClick={() => send({ type: 'totp.cancel' })}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

const change = (send: Send, field: TwoFactorField) => (event: React.ChangeEvent<HTMLInputElement>) =>
  send({ type: 'totp.change', field, value: event.target.value });

interface FieldProps {
  snapshot: Snapshot;
  send: Send;
  first: React.RefObject<HTMLInputElement | null>;
  described: string | undefined;
}

/** The owner's proof: the current password, or (an account without one) "Send a code" and the e-mailed code. */
function ProofField({ snapshot, send, first, described }: FieldProps) {
  const { hasPassword, values, notice } = snapshot.context;
  const sending = snapshot.hasTag('sendingCode');
  if (!hasPassword) {
    return (
      <EmailCodeField
        id="totp-email-code"
        inputRef={first}
        value={values.emailCode}
        onChange={(value) => send({ type: 'totp.change', field: 'emailCode', value })}
        onSend={() => send({ type: 'totp.sendCode' })}
        canSend={!sending}
        sending={sending}
        notice={notice}
        describedBy={described}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor="totp-password">Current password</label>
      <input
        ref={first}
        id="totp-password"
        className="field__input"
        type="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
        value={values.password}
        aria-describedby={described}
        onChange={change(send, 'password')}
      />
    </div>
  );
}

/** The app's code; where it may be a recovery code instead (xxxx-xxxx), longer and not only digits. */
function AppCodeField(props: {
  label: string;
  value: string;
  first: React.RefObject<HTMLInputElement | null> | undefined;
  recovery: boolean;
  described: string | undefined;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
}) {
  const { label, value, first, recovery, described, onChange } = props;
  return (
    <div className="field">
      <label htmlFor="totp-app-code">{label}</label>
      <input
        ref={first}
        id="totp-app-code"
        className="field__input code-input"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={recovery ? 9 : 6}
        value={value}
        aria-describedby={described}
        onChange={onChange}
      />
    </div>
  );
}
