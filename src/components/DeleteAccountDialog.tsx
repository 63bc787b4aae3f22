import * as Dialog from '@radix-ui/react-dialog';
import { ACCOUNT_DELETION_GRACE_DAYS } from '../../domain/policies';
import './DeleteAccountDialog.css';

/** The confirmation asked before an account deletion is requested (Radix Dialog: focus trap, Escape, labels). */
export default function DeleteAccountDialog({
  open,
  busy,
  onDismiss,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onDismiss: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onDismiss())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog__content">
          <Dialog.Title className="dialog__title">Delete your account?</Dialog.Title>
          <Dialog.Description className="dialog__description">
            Your account, invoices and personal data will be deleted {ACCOUNT_DELETION_GRACE_DAYS} days from now. Until
            then you can sign in and cancel the deletion. We will confirm the request by e-mail.
          </Dialog.Description>
          <div className="dialog__actions">
            <Dialog.Close className="button button--outline">Keep my account</Dialog.Close>
            <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
              Delete my account
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
