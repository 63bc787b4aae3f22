import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { TotpField, TotpSettingsEvent, totpSettingsMachine } from '#machines/totpSettings.machine';
import { PASSWORD_MAX } from '#domain/contract';
import { useAppActors } from '#src/common/AppActorsContext';
import { useToast } from '#src/common/hooks';
import { wireTotpSettings } from '#src/common/wiring/totpSettings';
import { Spinner } from '../Spinner';
import { EmailCodeField } from './EmailCodeField';
import { CopyButton, RecoveryCodes } from './TotpSettingsCodes';
import './TotpSettings.css';

const TotpSettingsQr = lazy(() => import('./TotpSettingsQr'));

type Snapshot = SnapshotFrom<typeof totpSettingsMachine>;
type Send = (event: TotpSettingsEvent) => void;

const ERROR_ID = 'totp-error';
const dateOf = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(iso));
/** The secret in groups of four, as it is easier to type by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The authenticator app's block of the profile's Security section (docs/product.md#second-factor): its status,
 * and setting it up, new recovery codes and turning it off, as the machine says.
 */
export function TotpSettings({ hasPassword }: { hasPassword: boolean }) {
  const app = useAppActors();
  const toast = useToast();
  const [snapshot, send] = useMachine(
    wireTotpSettings({ announce: (message) => toast({ title: message, variant: 'success' }) }),
    { input: { hasPassword }, inspect: app.inspect },
  );
  const { status, recoveryCodes } = snapshot.context;
  return (
    <div className="totp" data-testid="totp-settings">
      {snapshot.matches('loading') && (
        <p className="totp__status">
          Authenticator app: <Spinner label="Reading the authenticator app's status" />
        </p>
      )}
      {snapshot.matches('failed') && (
        <div className="totp__actions">
          <p className="form__error" role="alert">
            {snapshot.context.error}
          </p>
          <button type="button" className="button button--outline" onClick={() => send({ type: 'totp.retry' })}>
            Try again
          </button>
        </div>
      )}
      {status && !snapshot.matches('loading') && !snapshot.matches('failed') && !recoveryCodes && (
        <p className="totp__status" data-testid="totp-status">
          {status.totp
            ? `Authenticator app: on since ${dateOf(status.totpSince!)}, ${status.recoveryCodesLeft} recovery ${
                status.recoveryCodesLeft === 1 ? 'code' : 'codes'
              } left`
            : 'Authenticator app: off'}
        </p>
      )}
      {snapshot.matches({ disabled: 'idle' }) && (
        <div className="totp__actions">
          <button type="button" className="button button--primary" onClick={() => send({ type: 'totp.start' })}>
            Set up authenticator app
          </button>
        </div>
      )}
      {snapshot.matches({ enabled: 'idle' }) && (
        <div className="totp__actions">
          <button type="button" className="button button--outline" onClick={() => send({ type: 'totp.renew' })}>
            New recovery codes
          </button>
          <button type="button" className="button button--danger" onClick={() => send({ type: 'totp.turnOff' })}>
            Turn off
          </button>
        </div>
      )}
      {(snapshot.matches({ disabled: 'proving' }) ||
        snapshot.matches({ disabled: 'sendingCode' }) ||
        snapshot.matches({ disabled: 'settingUp' })) && (
        <TotpForm
          snapshot={snapshot}
          send={send}
          lead={
            hasPassword
              ? 'To set up an authenticator app, enter your current password.'
              : 'To set up an authenticator app, we e-mail you a code to check it is you.'
          }
          proof
          submit="Continue"
          busy={snapshot.matches({ disabled: 'settingUp' }) ? 'Starting the set-up' : null}
        />
      )}
      {(snapshot.matches({ disabled: 'scanning' }) || snapshot.matches({ disabled: 'enabling' })) && (
        <TotpForm
          snapshot={snapshot}
          send={send}
          lead="Scan this QR code with your authenticator app (or type the secret into it), then enter the code it shows."
          appCode="Code from the app"
          submit="Turn on"
          busy={snapshot.matches({ disabled: 'enabling' }) ? 'Turning on' : null}
        >
          <Secret secret={snapshot.context.pending!.secret} url={snapshot.context.pending!.otpauthUrl} />
        </TotpForm>
      )}
      {(snapshot.matches({ enabled: 'renewing' }) || snapshot.matches({ enabled: 'renewingCodes' })) && (
        <TotpForm
          snapshot={snapshot}
          send={send}
          lead="Enter the code your authenticator app shows now to get ten new recovery codes. The old ones stop working."
          appCode="Code from the app"
          submit="Get new codes"
          busy={snapshot.matches({ enabled: 'renewingCodes' }) ? 'Making new codes' : null}
        />
      )}
      {(snapshot.matches({ enabled: 'turningOff' }) ||
        snapshot.matches({ enabled: 'sendingOffCode' }) ||
        snapshot.matches({ enabled: 'disabling' })) && (
        <TotpForm
          snapshot={snapshot}
          send={send}
          lead={
            hasPassword
              ? 'To turn off the authenticator app, enter your current password and a code from the app (or a recovery code).'
              : 'To turn off the authenticator app, enter a code we e-mail you and a code from the app (or a recovery code).'
          }
          proof
          appCode="Code from the app or a recovery code"
          submit="Turn off"
          danger
          busy={snapshot.matches({ enabled: 'disabling' }) ? 'Turning off' : null}
        />
      )}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onSaved={() => send({ type: 'totp.acknowledge' })} />}
    </div>
  );
}

/** The secret as a QR code and as text, with a copy button. */
function Secret({ secret, url }: { secret: string; url: string }) {
  return (
    <div className="totp__secret">
      <Suspense fallback={<div className="totp__qr totp__qr--empty" aria-hidden="true" />}>
        <TotpSettingsQr url={url} />
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

interface TotpFormProps {
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
function TotpForm({ snapshot, send, lead, proof, appCode, submit, danger, busy, children }: TotpFormProps) {
  const { hasPassword, values, error, notice } = snapshot.context;
  const sending = snapshot.matches({ disabled: 'sendingCode' }) || snapshot.matches({ enabled: 'sendingOffCode' });
  const first = useRef<HTMLInputElement>(null);
  // The button that opened the form is gone: the reader starts at its first field.
  useEffect(() => first.current?.focus(), []);
  const described = error ? ERROR_ID : undefined;
  const change = (field: TotpField) => (event: React.ChangeEvent<HTMLInputElement>) =>
    send({ type: 'totp.change', field, value: event.target.value });
  const codeInput = { inputMode: 'numeric' as const, autoComplete: 'one-time-code', maxLength: 6 };
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
      {proof && hasPassword && (
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
            onChange={change('password')}
          />
        </div>
      )}
      {proof && !hasPassword && (
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
      )}
      {appCode && (
        <div className="field">
          <label htmlFor="totp-app-code">{appCode}</label>
          <input
            ref={proof ? undefined : first}
            id="totp-app-code"
            className="field__input code-input"
            {...codeInput}
            // A recovery code is longer (xxxx-xxxx) and not only digits.
            {...(proof ? { inputMode: 'text', maxLength: 9 } : {})}
            value={values.appCode}
            aria-describedby={described}
            onChange={change('appCode')}
          />
        </div>
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
