import { Field } from './Field';
import { Spinner } from './Spinner';

/** How the second step's code is typed: the e-mailed code, the authenticator app's, or a recovery code. */
type CodeEntry = 'email' | 'app' | 'recovery';

/**
 * The field of each way (docs/product.md#authentication, docs/product.md#second-factor). No maxLength: a code
 * pasted with spaces around it is still taken (the machine trims it), and the machine's guard decides the shape.
 */
const FIELDS: Record<CodeEntry, { label: string; inputMode: 'numeric' | 'text' }> = {
  email: { label: 'Code from the e-mail', inputMode: 'numeric' },
  app: { label: 'Code from your authenticator app', inputMode: 'numeric' },
  recovery: { label: 'Recovery code', inputMode: 'text' },
};

interface SecondStepFormProps {
  entry: CodeEntry;
  text: string;
  code: string;
  error: string | null;
  confirming: boolean;
  backLabel: string;
  onChange: (code: string) => void;
  onConfirm: () => void;
  /** The app's step only: from the app's code to a recovery code, and back. */
  onSwitch?: () => void;
  onBack: () => void;
}

/**
 * The sign-in's second step: what it asks for, the code's field with the server's refusal under it, "Sign in",
 * the switch between the app's code and a recovery code (the app's step only), and the way back to the form.
 */
export function SecondStepForm(props: SecondStepFormProps) {
  const { entry, text, code, error, confirming, backLabel, onChange, onConfirm, onSwitch, onBack } = props;
  const field = FIELDS[entry];
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
    >
      <p role="status">{text}</p>
      <Field
        // A new id per way, so that switching starts a fresh field (and password managers offer the right thing).
        key={entry}
        id={`login-code-${entry}`}
        label={field.label}
        inputMode={field.inputMode}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        value={code}
        aria-describedby={
          [entry === 'recovery' ? 'login-code-hint' : '', error ? 'login-error' : ''].join(' ').trim() || undefined
        }
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {entry === 'recovery' && (
          <p id="login-code-hint" className="field__hint">
            Like xxxx-xxxx; any case, the hyphen optional.
          </p>
        )}
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
      {onSwitch && (
        <p className="form__switch">
          <button type="button" className="link-button" disabled={confirming} onClick={onSwitch}>
            {entry === 'recovery' ? 'Use the code from your authenticator app' : 'Use a recovery code'}
          </button>
        </p>
      )}
      <p className="form__switch">
        <button type="button" className="link-button" disabled={confirming} onClick={onBack}>
          {backLabel}
        </button>
      </p>
    </form>
  );
}
