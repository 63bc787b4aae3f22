import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { PASSWORD_MAX } from '#domain/contract';
import { ACCOUNT_DELETION_GRACE_DAYS, INVOICE_RETENTION_YEARS } from '#domain/policies';
import { useFocusBack } from '../common/useFocusBack';
import './Dialog.css';
import '../pages/Forms.css';

interface DeleteAccountDialogProps {
  open: boolean;
  busy: boolean;
  askPassword?: boolean;
  error?: string | null;
  canConfirm?: (password: string) => boolean;
  onDismiss: () => void;
  onConfirm: (password?: string) => void;
}

/**
 * The confirmation asked before an account deletion is requested (Radix Dialog: focus trap, Escape, labels).
 * With `askPassword` (an office or admin account, as the deletion machine says) it also asks for the current
 * password, sent with the confirmation, and shows the last refusal (`error`); `canConfirm` is the machine's
 * answer to whether a confirmation with the typed password would be taken. Closed, it gives the focus back to
 * "Delete Account".
 */
export default function DeleteAccountDialog(props: DeleteAccountDialogProps) {
  const { open, busy, askPassword = false, onDismiss, onConfirm } = props;
  useFocusBack();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onDismiss())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog__content">
          <Dialog.Title className="dialog__title">Delete your account?</Dialog.Title>
          <Dialog.Description className="dialog__description">
            Your account and its data (profile, notifications, unpaid invoices) will be deleted{' '}
            {ACCOUNT_DELETION_GRACE_DAYS} days from now. Paid invoices are kept for {INVOICE_RETENTION_YEARS} years, as
            the law requires, without your name or e-mail address. Until then you can sign in and cancel the deletion.
            We will confirm the request by e-mail.
            {askPassword && ' As a member of the office, confirm with your current password.'}
          </Dialog.Description>
          {askPassword ? (
            <PasswordForm {...props} />
          ) : (
            <div className="dialog__actions">
              <Dialog.Close className="button button--outline">Keep my account</Dialog.Close>
              <button type="button" className="button button--danger" disabled={busy} onClick={() => onConfirm()}>
                Delete my account
              </button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The office's confirmation: the current password, the last refusal under it, and the two buttons. */
function PasswordForm({ busy, error = null, canConfirm = () => true, onConfirm }: DeleteAccountDialogProps) {
  // What is being typed; it leaves the dialog only with the confirmation.
  const [password, setPassword] = useState('');
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(password);
      }}
    >
      <div className="field">
        <label htmlFor="delete-account-password">Current password</label>
        <input
          id="delete-account-password"
          className="field__input"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
          value={password}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'delete-account-error' : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      {error && (
        <p id="delete-account-error" className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <Dialog.Close type="button" className="button button--outline">
          Keep my account
        </Dialog.Close>
        <button type="submit" className="button button--danger" disabled={busy || !canConfirm(password)}>
          Delete my account
        </button>
      </div>
    </form>
  );
}
