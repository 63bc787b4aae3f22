import * as Dialog from '@radix-ui/react-dialog';
import type { ProofField } from '#machines/profile.machine';
import { Spinner } from './Spinner';
import './Dialog.css';
import '../pages/Forms.css';

/** The step after the proof: the code sent to the new address (the profile machine's `confirming.newAddress`). */
export interface NewAddressStep {
  /** The address the code went to. */
  pending: string;
  /** The code is out (`checking`), or a new one is on its way (`resending`). */
  checking: boolean;
  resending: boolean;
  /** What the machine accepts now (`snapshot.can`): the buttons follow it. */
  canConfirm: boolean;
  canSendAgain: boolean;
  canCancel: boolean;
}

/**
 * Asks for proof before the e-mail address changes (Radix Dialog: focus trap, Escape, labels): the current
 * password, or, for an account without one, a code sent to the current address. Then, with `newAddress`, the
 * code sent to the new address, which the change waits for.
 */
export default function EmailChangeDialog({
  saving,
  requesting,
  hasPassword,
  currentEmail,
  newEmail,
  currentPassword,
  passwordVisible,
  code,
  notice,
  error,
  onChange,
  onToggleVisibility,
  onSendCode,
  onConfirm,
  onCancel,
  newAddress = null,
}: {
  /** The update is out with its proof (the profile machine's `confirming.saving`). */
  saving: boolean;
  /** A code is being sent (`confirming.proving.requestingCode`). */
  requesting: boolean;
  hasPassword: boolean;
  currentEmail: string;
  newEmail: string;
  currentPassword: string;
  passwordVisible: boolean;
  code: string;
  notice: string | null;
  error: string | null;
  onChange: (field: ProofField, value: string) => void;
  onToggleVisibility: () => void;
  onSendCode: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  newAddress?: NewAddressStep | null;
}) {
  if (newAddress) {
    return (
      <NewAddressDialog
        step={newAddress}
        currentEmail={currentEmail}
        code={code}
        notice={notice}
        error={error}
        onChange={onChange}
        onSendCode={onSendCode}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    );
  }
  const busy = saving || requesting;
  // Once a code was sent, its field stays (also while a new one is on its way).
  const enteringCode = !hasPassword && notice !== null;
  return (
    <Dialog.Root open onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog__content" data-testid="email-change-dialog">
          <Dialog.Title className="dialog__title">Confirm your new e-mail address</Dialog.Title>
          <Dialog.Description className="dialog__description">
            {hasPassword ? (
              <>
                To change your e-mail address to <strong>{newEmail}</strong>, enter your current password.
              </>
            ) : (
              <>
                To change your e-mail address to <strong>{newEmail}</strong>, enter the code we send to your current
                address, <strong>{currentEmail}</strong>. Your account signs in with Google, so it has no password to
                confirm with.
              </>
            )}
          </Dialog.Description>
          <form
            className="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (hasPassword || enteringCode) onConfirm();
              else onSendCode();
            }}
          >
            {hasPassword && (
              <div className="field">
                <label htmlFor="email-change-password">Current password</label>
                <div className="password-input">
                  <input
                    id="email-change-password"
                    className="field__input"
                    type={passwordVisible ? 'text' : 'password'}
                    autoComplete="current-password"
                    maxLength={128}
                    value={currentPassword}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? 'email-change-error' : undefined}
                    onChange={(event) => onChange('currentPassword', event.target.value)}
                  />
                  <button
                    type="button"
                    className="password-input__toggle"
                    aria-label={`${passwordVisible ? 'Hide' : 'Show'} current password`}
                    aria-pressed={passwordVisible}
                    onClick={onToggleVisibility}
                  >
                    {passwordVisible ? 'Hide' : 'Show'}
                  </button>
                </div>
              </div>
            )}
            {enteringCode && (
              <>
                {notice && <p role="status">{notice}</p>}
                <CodeField
                  id="email-change-code"
                  label="Code from the e-mail"
                  code={code}
                  error={error}
                  onChange={(value) => onChange('code', value)}
                />
              </>
            )}
            {error && (
              <p id="email-change-error" className="form__error" role="alert">
                {error}
              </p>
            )}
            <div className="dialog__actions">
              <button type="button" className="button button--outline" disabled={saving} onClick={onCancel}>
                Cancel
              </button>
              {enteringCode && (
                <button type="button" className="button button--outline" disabled={busy} onClick={onSendCode}>
                  Send a new code
                </button>
              )}
              {hasPassword || enteringCode ? (
                <button type="submit" className="button button--primary" disabled={busy}>
                  {saving ? <Spinner label="Saving" /> : 'Confirm'}
                </button>
              ) : (
                <button type="submit" className="button button--primary" disabled={requesting}>
                  {requesting ? <Spinner label="Sending the code" /> : 'Send code'}
                </button>
              )}
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function NewAddressDialog({
  step,
  currentEmail,
  code,
  notice,
  error,
  onChange,
  onSendCode,
  onConfirm,
  onCancel,
}: {
  step: NewAddressStep;
  currentEmail: string;
  code: string;
  notice: string | null;
  error: string | null;
  onChange: (field: ProofField, value: string) => void;
  onSendCode: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(next) => (next || !step.canCancel ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog__content" data-testid="email-change-dialog">
          <Dialog.Title className="dialog__title">Confirm your new e-mail address</Dialog.Title>
          <Dialog.Description className="dialog__description">
            Your e-mail address stays <strong>{currentEmail}</strong> until you enter the code we sent to{' '}
            <strong>{step.pending}</strong>.
          </Dialog.Description>
          <form
            className="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (step.canConfirm) onConfirm();
            }}
          >
            {notice && <p role="status">{notice}</p>}
            <CodeField
              id="email-change-new-code"
              label="Code sent to your new address"
              code={code}
              error={error}
              onChange={(value) => onChange('code', value)}
            />
            {error && (
              <p id="email-change-error" className="form__error" role="alert">
                {error}
              </p>
            )}
            <div className="dialog__actions">
              <button type="button" className="button button--outline" disabled={!step.canCancel} onClick={onCancel}>
                Cancel
              </button>
              <button
                type="button"
                className="button button--outline"
                disabled={!step.canSendAgain}
                onClick={onSendCode}
              >
                {step.resending ? <Spinner label="Sending the code" /> : 'Send again'}
              </button>
              <button type="submit" className="button button--primary" disabled={!step.canConfirm}>
                {step.checking ? <Spinner label="Changing your address" /> : 'Confirm'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A six-digit code from an e-mail; the dialog's error, when there is one, describes it. */
function CodeField({
  id,
  label,
  code,
  error,
  onChange,
}: {
  id: string;
  label: string;
  code: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="field__input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'email-change-error' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
