import { useMachine } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { useAppActors } from '../shared/AppActorsContext';
import { usePageMeta } from '../shared/hooks';
import { wireLogin } from '../shared/wiring/login';
import { AuthButtons } from '../components/AuthButtons';
import { AuthLayout } from '../components/AuthLayout';
import { PasskeySignIn } from '../components/PasskeySignIn';
import { Field } from '../components/Field';
import { Spinner } from '../components/Spinner';
import { SECOND_STEP_TEXTS } from '#machines/login.machine';
import { fixedPages } from '#domain/fixedPages';

export default function Login() {
  usePageMeta(fixedPages['/signin']);
  const app = useAppActors();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(wireLogin(app, { goHome: () => navigate('/') }), { inspect: app.inspect });
  const { email, password, error, secondStep, code } = snapshot.context;
  const spinning = snapshot.matches({ submitting: 'spinning' }) || snapshot.matches('withGoogle');
  const busy = !snapshot.matches('editing');

  if (secondStep) {
    const confirming = snapshot.matches({ secondStep: 'confirming' });
    return (
      <AuthLayout title="Login">
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'login.confirmCode' });
          }}
        >
          <p role="status">{SECOND_STEP_TEXTS[secondStep.kind]}</p>
          <Field
            id="login-code"
            label="Code from the e-mail"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            aria-describedby={error ? 'login-error' : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(event) => send({ type: 'login.changeCode', code: event.target.value })}
          >
            {error && (
              <p id="login-error" className="form__error" role="alert">
                {error}
              </p>
            )}
          </Field>
          <div className="form__actions">
            {confirming ? (
              <Spinner label="Signing in" />
            ) : (
              <button type="submit" className="button button--primary button--block">
                Sign in
              </button>
            )}
          </div>
          <p className="form__switch">
            <button
              type="button"
              className="link-button"
              disabled={confirming}
              onClick={() => send({ type: 'login.back' })}
            >
              Back to the sign-in form
            </button>
          </p>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Login">
      <form
        className="form"
        data-google={snapshot.context.google}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'login.submit' });
        }}
      >
        <Field
          id="login-email"
          label="Email"
          requiredMark
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => send({ type: 'login.change', field: 'email', value: event.target.value })}
        />
        <Field
          id="login-password"
          label="Password"
          requiredMark
          type="password"
          autoComplete="current-password"
          value={password}
          aria-describedby={error ? 'login-error' : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => send({ type: 'login.change', field: 'password', value: event.target.value })}
        >
          {error && (
            <p id="login-error" className="form__error" role="alert">
              {error}
            </p>
          )}
          <Link href="/forgot-password" className="form__aside">
            Forgot password?
          </Link>
        </Field>
        <AuthButtons
          spinning={spinning}
          spinnerLabel="Signing in"
          disabled={busy}
          onGoogle={() => send({ type: 'login.google' })}
        />
        <PasskeySignIn />
        <p className="form__switch">
          Don't have an account? <Link href="/signup">Register</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
