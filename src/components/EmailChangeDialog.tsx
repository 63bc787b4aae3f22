import * as Dialog from '@radix-ui/react-dialog';
import type { ProofField } from '#machines/profile.machine';
import { Breakable } from './Breakable';
import { useFocusBack } from '../common/useFocusBack';
import { Spinner } from './Spinner';
import './Dialog.css';
import '../pages/Forms.css';

/** The step after the proof: the code sent to the new address (the profile machine's `newAddress` tag). */
interface NewAddressStep {
  /** The address the code went to. */
  pending: string;
  /** The code is out (the `checking` tag), or a new one is on its way (`resending`). */
  checking: boolean;
  resending: boolean;
  /** What the machine accepts now (`snapshot.can`): the buttons follow it. */
  canConfirm: boolean;
  canSendAgain: boolean;
  canCancel: boolean;
}

interface EmailChangeDialogProps {
  /** The update is out with its proof (the profile machine's `saving` tag). */
  saving: boolean;
  /** A code is being sent (the `requestingCode` tag). */
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
}

/**
 * Asks for proof before the e-mail address changes (Radix Dialog: focus trap, Escape, labels): the current
 * password, or, for an account without one, a code sent to the current address. Then, with `newAddress`, the
 * code sent to the new address, which the change waits for. Closed, it gives the focus back to what opened it (the
 * e-mail field, or 'Edit'), across both steps.
 */
export default function EmailChangeDialog(props: EmailChangeDialogProps) {
  useFocusBack();
  const { saving, requesting, hasPassword, currentEmail, newEmail, code, notice, error } = props;
  const { onChange, onSendCode, onConfirm, onCancel, newAddress = null } = props;
  if (newAddress) return <NewAddressDialog step={newAddress} {...props} />;
  const busy = saving || requesting;
  // Once a code was sent, its field stays (also while a new one is on its way).
  const enteringCode = !hasPassword && notice !== null;
  return (
    <ChangeDialog
      onClose={onCancel}
      description={
        hasPassword ? (
          <>
            To change your e-mail address to{' '}
            <strong>
              <Breakable text={newEmail} />
            </strong>
            , enter your current password.
          </>
        ) : enteringCode ? (
          // The notice below says where the code went: said once.
          <>
            To change your e-mail address to{' '}
            <strong>
              <Breakable text={newEmail} />
            </strong>
            , confirm it is you with a code. Your account signs in with Google, so it has no password to confirm with.
          </>
        ) : (
          <>
            To change your e-mail address to{' '}
            <strong>
              <Breakable text={newEmail} />
            </strong>
            , enter the code we send to your current address,{' '}
            <strong>
              <Breakable text={currentEmail} />
            </strong>
            . Your account signs in with Google, so it has no password to confirm with.
          </>
        )
      }
    >
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (hasPassword || enteringCode) onConfirm();
          else onSendCode();
        }}
      >
        {hasPassword && <PasswordField {...props} />}
        {enteringCode && (
          <>
            {notice && (
              <p role="status">
                <Breakable text={notice} />
              </p>
            )}
            <CodeField
              id="email-change-code"
              label="Code from the e-mail"
              code={code}
              error={error}
              onChange={(value) => onChange('code', value)}
            />
          </>
        )}
        <ErrorLine error={error} />
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
    </ChangeDialog>
  );
}

/** The frame both steps share: the dialog, its title and what it asks; closing it is `onClose`. */
function ChangeDialog({
  onClose,
  description,
  children,
}: {
  onClose: () => void;
  description: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog__content" data-testid="email-change-dialog">
          <Dialog.Title className="dialog__title">Confirm your new e-mail address</Dialog.Title>
          <Dialog.Description className="dialog__description">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The current password, with its show/hide toggle; the dialog's error, when there is one, describes it. */
function PasswordField({
  currentPassword,
  passwordVisible,
  error,
  onChange,
  onToggleVisibility,
}: EmailChangeDialogProps) {
  return (
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
  );
}

/** The server's refusal, under the fields. */
function ErrorLine({ error }: { error: string | null }) {
  return (
    error && (
      <p id="email-change-error" className="form__error" role="alert">
        {error}
      </p>
    )
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
}: EmailChangeDialogProps & { step: NewAddressStep }) {
  return (
    // Closing is cancelling, which the machine takes only while no code is out.
    <ChangeDialog
      onClose={() => {
        if (step.canCancel) onCancel();
      }}
      description={
        // The server's notice, under it, says where the code went and what to do with it: said once.
        notice ? (
          <>
            Your e-mail address stays{' '}
            <strong>
              <Breakable text={currentEmail} />
            </strong>{' '}
            for now.
          </>
        ) : (
          <>
            Your e-mail address stays{' '}
            <strong>
              <Breakable text={currentEmail} />
            </strong>{' '}
            until you enter the code we sent to{' '}
            <strong>
              <Breakable text={step.pending} />
            </strong>
            .
          </>
        )
      }
    >
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (step.canConfirm) onConfirm();
        }}
      >
        {notice && (
          <p role="status">
            <Breakable text={notice} />
          </p>
        )}
        <CodeField
          id="email-change-new-code"
          label="Code sent to your new address"
          code={code}
          error={error}
          onChange={(value) => onChange('code', value)}
        />
        <ErrorLine error={error} />
        <div className="dialog__actions">
          <button type="button" className="button button--outline" disabled={!step.canCancel} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button button--outline" disabled={!step.canSendAgain} onClick={onSendCode}>
            {step.resending ? <Spinner label="Sending the code" /> : 'Send again'}
          </button>
          <button type="submit" className="button button--primary" disabled={!step.canConfirm}>
            {step.checking ? <Spinner label="Changing your address" /> : 'Confirm'}
          </button>
        </div>
      </form>
    </ChangeDialog>
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
