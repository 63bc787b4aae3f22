import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import { useAppActors } from '../common/AppActorsContext';
import { browserSupportsPasskeys, wirePasskeySignIn } from '../common/wiring/passkeys';
import { Spinner } from './Spinner';

/**
 * "Sign in with a passkey" under the sign-in form (docs/product.md#passkeys): no e-mail asked; the browser
 * offers the passkeys it holds for this site. A browser without WebAuthn is not offered the button.
 */
export function PasskeySignIn() {
  if (!browserSupportsPasskeys()) return null;
  return <PasskeySignInButton />;
}

function PasskeySignInButton() {
  const app = useAppActors();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(wirePasskeySignIn(app, { goHome: () => navigate('/') }), {
    inspect: app.inspect,
  });
  const { error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return (
    <div className="form__passkey" data-testid="passkey-sign-in">
      {busy ? (
        <Spinner label={snapshot.hasTag('prompting') ? 'Waiting for your passkey' : 'Signing in with a passkey'} />
      ) : (
        <button
          type="button"
          className="button button--outline button--block"
          aria-describedby={error ? 'passkey-sign-in-error' : undefined}
          onClick={() => send({ type: 'passkeySignIn.start' })}
        >
          Sign in with a passkey
        </button>
      )}
      {error && (
        <p id="passkey-sign-in-error" className="form__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
