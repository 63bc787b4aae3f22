import { useMachine } from '@xstate/react';
import { Link } from 'wouter';
import { useAppActors } from '../common/AppActorsContext';
import { usePageMeta } from '../common/hooks';
import { wireForgotPassword } from './ForgotPassword.wiring';
import { AuthLayout } from '../components/AuthLayout';
import { Field } from '../components/Field';
import { Spinner } from '../components/Spinner';
import type { ForgotEvent } from '#machines/forgotPassword.machine';
import { REMOVE_OTHER_SIGN_INS_LABEL } from '#domain/contract';
import { fixedPages } from '#domain/fixedPages';

/** Forgot password: the e-mail, then the code from the message and a new password. */
export default function ForgotPassword() {
  usePageMeta(fixedPages['/forgot-password']);
  const { inspect } = useAppActors();
  const [snapshot, send] = useMachine(wireForgotPassword(), { inspect });
  const { email, code, newPassword, error, notice, removeOtherSignIns } = snapshot.context;
  const busy = snapshot.hasTag('busy');

  if (snapshot.hasTag('done')) {
    return (
      <AuthLayout title="Reset your password">
        <ResetDone notice={notice} />
      </AuthLayout>
    );
  }

  if (snapshot.hasTag('codeStep')) {
    return (
      <AuthLayout title="Reset your password">
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'forgot.reset' });
          }}
        >
          {notice && <p role="status">{notice}</p>}
          <Field
            id="reset-code"
            label="Code from the e-mail"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => send({ type: 'forgot.change', field: 'code', value: event.target.value })}
          />
          <NewPasswordField value={newPassword} send={send}>
            <ErrorText error={error} />
          </NewPasswordField>
          <RemoveOthersBox checked={removeOtherSignIns} busy={busy} send={send} />
          <ResetActions busy={busy} send={send} />
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset your password">
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'forgot.sendCode' });
        }}
      >
        <p>Enter the e-mail address of your account. We will send you a code to choose a new password.</p>
        <Field
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => send({ type: 'forgot.change', field: 'email', value: event.target.value })}
        >
          <ErrorText error={error} />
        </Field>
        <div className="form__actions">
          {busy ? <Spinner label="Sending the code" /> : <SubmitButton label="Send me a code" />}
        </div>
        <p className="form__switch">
          Remembered it? <Link href="/signin">Sign in</Link>
        </p>
      </form>
    </AuthLayout>
  );
}

type Send = (event: ForgotEvent) => void;

/** "Also sign out everywhere else": not while a request is out. */
function RemoveOthersBox({ checked, busy, send }: { checked: boolean; busy: boolean; send: Send }) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={checked}
        disabled={busy}
        onChange={() => send({ type: 'forgot.toggleRemoveOthers' })}
      />
      <span>{REMOVE_OTHER_SIGN_INS_LABEL}</span>
    </label>
  );
}

/** The code step's buttons (a spinner while the reset is out) and the way back to the address. */
function ResetActions({ busy, send }: { busy: boolean; send: Send }) {
  return (
    <>
      <div className="form__actions">
        {busy ? (
          <Spinner label="Resetting your password" />
        ) : (
          <>
            <SubmitButton label="Reset password" />
            <button
              type="button"
              className="button button--outline button--block"
              onClick={() => send({ type: 'forgot.resend' })}
            >
              Send a new code
            </button>
          </>
        )}
      </div>
      <p className="form__switch">
        Wrong address?{' '}
        <button type="button" className="link-button" onClick={() => send({ type: 'forgot.changeEmail' })}>
          Use another e-mail
        </button>
      </p>
    </>
  );
}

function SubmitButton({ label }: { label: string }) {
  return (
    <button type="submit" className="button button--primary button--block">
      {label}
    </button>
  );
}

/** The password reset: what the server said, and the way to sign in. */
function ResetDone({ notice }: { notice: string | null }) {
  return (
    <>
      <p role="status">{notice}</p>
      <Link href="/signin" className="button button--primary button--block">
        Sign in
      </Link>
    </>
  );
}

/** The new password, its rule, and (as `children`) the refusal under it. */
function NewPasswordField({ value, send, children }: { value: string; send: Send; children: React.ReactNode }) {
  return (
    <Field
      id="reset-password"
      label="New password"
      type="password"
      autoComplete="new-password"
      maxLength={128}
      value={value}
      onChange={(event) => send({ type: 'forgot.change', field: 'newPassword', value: event.target.value })}
    >
      <p className="field__hint">8 to 128 characters.</p>
      {children}
    </Field>
  );
}

/** The server's refusal, under the field it is about. */
function ErrorText({ error }: { error: string | null }) {
  return (
    error && (
      <p className="form__error" role="alert">
        {error}
      </p>
    )
  );
}
