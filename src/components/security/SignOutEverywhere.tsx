import { useMachine } from '@xstate/react';
import { useRef } from 'react';
import { useAppActors } from '#src/common/AppActorsContext';
import { useToast } from '#src/common/hooks';
import { wireSignOutEverywhere } from './SignOutEverywhere.wiring';
import { ConfirmDialog } from '../ConfirmDialog';
import { Spinner } from '../Spinner';
import './SignOutEverywhere.css';

/**
 * "Sign out everywhere" (docs/product.md#devices): every other device signed in to the account is signed out,
 * asked first; this one stays. The server's answer (how many ended) is announced as a toast.
 */
export function SignOutEverywhere() {
  const app = useAppActors();
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const [snapshot, send] = useMachine(
    wireSignOutEverywhere({
      announce: (message) => toast({ title: message, variant: 'success' }),
      showError: (message) => toast({ title: message, variant: 'error' }),
    }),
    { inspect: app.inspect },
  );
  return (
    <div className="sign-out-everywhere" data-testid="sign-out-everywhere">
      <h3 id="sign-out-everywhere-title" ref={heading} tabIndex={-1}>
        Devices
      </h3>
      <p>Signed in somewhere you no longer use, or on a device someone else has? Sign out there from here.</p>
      <div>
        <button
          type="button"
          className="button button--outline"
          disabled={!snapshot.can({ type: 'signOutEverywhere.start' })}
          onClick={() => send({ type: 'signOutEverywhere.start' })}
        >
          {snapshot.hasTag('ending') ? <Spinner label="Signing out elsewhere" /> : 'Sign out everywhere'}
        </button>
      </div>
      <ConfirmDialog
        open={snapshot.hasTag('confirming')}
        title="Sign out everywhere else?"
        description="Every other device and browser signed in to your account is signed out at once. This one stays signed in."
        confirmLabel="Sign out everywhere"
        onConfirm={() => send({ type: 'signOutEverywhere.confirm' })}
        onCancel={() => send({ type: 'signOutEverywhere.cancel' })}
        focusAfterConfirm={heading}
      />
    </div>
  );
}
