import { useMachine } from '@xstate/react';
import { Link } from 'wouter';
import { useAppActors } from '../common/AppActorsContext';
import { usePageMeta } from '../common/hooks';
import { wireForgotPassword } from '../common/wiring/forgotPassword';
import { AuthLayout } from '../components/AuthLayout';
import { Field } from '../components/Field';
import { Spinner } from '../components/Spinner';
import { REMOVE_OTHER_SIGN_INS_LABEL } from '#domain/contract';
import { fixedPages } from '#domain/fixedPages';

/** Forgot password: the e-mail, then the code from the message and a new password. */
export default function ForgotPassword() {
  usePageMeta(fixedPages['/forgot-password']);
  const { inspect } = useAppActors();
  const [snapshot, send] = useMachine(wireForgotPassword(), { inspect });
  const { email, code, newPassword, error, notice, removeOtherSignIns } = snapshot.context;
  const busy = snapshot.matches('sendingCode') || snapshot.matches('resetting');
  const errorText = error && (
    <p className="form__error" role="alert">
      {error}
    </p>
  );

  if (snapshot.matches('done')) {
    return (
      <AuthLayout title="Reset your password">
        <p role="status">{notice}</p>
        <Link href="/signin" className="button button--primary button--block">
          Sign in
        </Link>
      </AuthLayout>
    );
  }

  if (snapshot.matches('enteringCode') || snapshot.matches('resetting')) {
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
          <Field
            id="reset-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            maxLength={128}
            value={newPassword}
            onChange={(event) => send({ type: 'forgot.change', field: 'newPassword', value: event.target.value })}
          >
            <p className="field__hint">8 to 128 characters.</p>
            {errorText}
          </Field>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={removeOtherSignIns}
              disabled={busy}
              onChange={() => send({ type: 'forgot.toggleRemoveOthers' })}
            />
            <span>{REMOVE_OTHER_SIGN_INS_LABEL}</span>
          </label>
          <div className="form__actions">
            {busy ? (
              <Spinner label="Resetting your password" />
            ) : (
              <>
                <button type="submit" className="button button--primary button--block">
                  Reset password
                </button>
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
          {errorText}
        </Field>
        <div className="form__actions">
          {busy ? (
            <Spinner label="Sending the code" />
          ) : (
            <button type="submit" className="button button--primary button--block">
              Send me a code
            </button>
          )}
        </div>
        <p className="form__switch">
          Remembered it? <Link href="/signin">Sign in</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
