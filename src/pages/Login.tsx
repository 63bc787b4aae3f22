import { useMachine } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { useAppActors } from '../common/AppActorsContext';
import { usePageMeta } from '../common/hooks';
import { wireLogin } from './Login.wiring';
import { AuthButtons } from '../components/AuthButtons';
import { AuthLayout } from '../components/AuthLayout';
import { PasskeySignIn } from '../components/PasskeySignIn';
import { Field } from '../components/Field';
import { SecondStepForm } from '../components/SecondStepForm';
import { type LoginEvent, type loginMachine, RECOVERY_CODE_TEXT, SECOND_STEP_TEXTS } from '#machines/login.machine';
import type { SecondStep } from '#domain/contract';
import { fixedPages } from '#domain/fixedPages';

type Snapshot = SnapshotFrom<typeof loginMachine>;
type Send = (event: LoginEvent) => void;

export default function Login() {
  usePageMeta(fixedPages['/signin']);
  const app = useAppActors();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(wireLogin(app, { goHome: () => navigate('/') }), { inspect: app.inspect });
  const { email, password, error, secondStep } = snapshot.context;
  const spinning = snapshot.hasTag('spinning');
  const busy = !snapshot.hasTag('editing');

  if (secondStep) {
    return (
      <AuthLayout title="Login">
        <LoginSecondStep snapshot={snapshot} send={send} kind={secondStep.kind} />
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
          google={snapshot.context.google !== 'unavailable'}
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

/** The step the server asked for after the password or Google: the e-mailed code, or the app's (or a recovery code). */
function LoginSecondStep({ snapshot, send, kind }: { snapshot: Snapshot; send: Send; kind: SecondStep['kind'] }) {
  const { error, code } = snapshot.context;
  const recovery = snapshot.hasTag('recoveryCode');
  const appStep = kind === 'totp';
  return (
    <SecondStepForm
      entry={appStep ? (recovery ? 'recovery' : 'app') : 'email'}
      text={recovery ? RECOVERY_CODE_TEXT : SECOND_STEP_TEXTS[kind]}
      code={code}
      error={error}
      confirming={snapshot.hasTag('confirming')}
      backLabel={appStep ? 'Back to sign in' : 'Back to the sign-in form'}
      onChange={(value) => send({ type: 'login.changeCode', code: value })}
      onConfirm={() => send({ type: 'login.confirmCode' })}
      onSwitch={appStep ? () => send({ type: recovery ? 'login.useAppCode' : 'login.useRecoveryCode' }) : undefined}
      onBack={() => send({ type: 'login.back' })}
    />
  );
}
