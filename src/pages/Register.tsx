import { useMachine } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { useAppActors } from '../common/AppActorsContext';
import { usePageMeta } from '../common/hooks';
import { wireRegister } from './Register.wiring';
import { AuthButtons } from '../components/AuthButtons';
import { AuthLayout } from '../components/AuthLayout';
import { Field } from '../components/Field';
import type { RegisterEvent } from '#machines/register.machine';
import { fixedPages } from '#domain/fixedPages';

export default function Register() {
  usePageMeta(fixedPages['/signup']);
  const app = useAppActors();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(wireRegister(app, { goHome: () => navigate('/') }), { inspect: app.inspect });
  const { name, email, password, agreed, error } = snapshot.context;
  const spinning = snapshot.hasTag('spinning');
  // Both ways in wait for the terms to be accepted; the machine says when (and not while a request is out).
  const disabled = !snapshot.can({ type: 'register.submit' });

  return (
    <AuthLayout title="Register">
      <form
        className="form"
        data-google={snapshot.context.google}
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'register.submit' });
        }}
      >
        <Field
          id="register-name"
          label="Full Name"
          requiredMark
          autoComplete="name"
          value={name}
          onChange={(event) => send({ type: 'register.change', field: 'name', value: event.target.value })}
        />
        <Field
          id="register-email"
          label="Email"
          requiredMark
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => send({ type: 'register.change', field: 'email', value: event.target.value })}
        />
        <Field
          id="register-password"
          label="Password"
          requiredMark
          type="password"
          autoComplete="new-password"
          value={password}
          aria-describedby={error ? 'register-error' : 'register-password-hint'}
          aria-invalid={error ? true : undefined}
          onChange={(event) => send({ type: 'register.change', field: 'password', value: event.target.value })}
        >
          <p id="register-password-hint" className="field__hint">
            8 to 128 characters.
          </p>
          {error && (
            <p id="register-error" className="form__error" role="alert">
              {error}
            </p>
          )}
        </Field>
        <AgreeToTerms agreed={agreed} send={send} />
        <AuthButtons
          spinning={spinning}
          spinnerLabel="Creating your account"
          disabled={disabled}
          google={snapshot.context.google !== 'unavailable'}
          onGoogle={() => send({ type: 'register.google' })}
        />
        <p className="form__switch">
          Already have an account? <Link href="/signin">Sign in</Link>
        </p>
      </form>
    </AuthLayout>
  );
}

/** The terms and the privacy policy, which both ways in wait for. */
function AgreeToTerms({ agreed, send }: { agreed: boolean; send: (event: RegisterEvent) => void }) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={agreed}
        onChange={(event) => send({ type: 'register.agree', agreed: event.target.checked })}
      />
      <span>
        I agree to the <Link href="/terms">Terms of Service</Link> and the{' '}
        <Link href="/privacy-policy">Privacy Policy</Link>.
      </span>
    </label>
  );
}
