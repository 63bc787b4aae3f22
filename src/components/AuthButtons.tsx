import { GoogleIcon } from './GoogleIcon';
import { Spinner } from './Spinner';

/**
 * 'Continue' and 'Continue with Google'; while loading a spinner replaces both. A site known to have no Google
 * sign-in gets no Google button (docs/product.md#authentication).
 */
export function AuthButtons({
  spinning,
  spinnerLabel,
  disabled,
  google,
  onGoogle,
}: {
  spinning: boolean;
  spinnerLabel: string;
  disabled: boolean;
  /** False once the client config says the site has no Google sign-in. */
  google: boolean;
  onGoogle: () => void;
}) {
  return (
    <div className="form__actions">
      {spinning ? (
        <Spinner label={spinnerLabel} />
      ) : (
        <>
          <button type="submit" className="button button--primary button--block" disabled={disabled}>
            Continue
          </button>
          {google && (
            <button
              type="button"
              className="button button--outline button--block"
              disabled={disabled}
              onClick={onGoogle}
            >
              <GoogleIcon /> Continue with Google
            </button>
          )}
        </>
      )}
    </div>
  );
}
