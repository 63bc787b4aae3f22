import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import './Dialog.css';

/**
 * A question asked before an action that cannot be undone (Radix Dialog: focus trap, Escape, labels), as an
 * alert dialog. Focus starts on Cancel, so an Enter pressed out of habit does not act; Escape cancels, and a
 * click beside the dialog does nothing (an alert dialog is answered, not dismissed). `open` is the machine's:
 * the dialog shows while the machine waits for the answer.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content
          role="alertdialog"
          className="dialog__content"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            cancel.current?.focus();
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
        >
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="dialog__description">{description}</Dialog.Description>
          <div className="dialog__actions">
            <Dialog.Close ref={cancel} className="button button--outline">
              {cancelLabel}
            </Dialog.Close>
            <button type="button" className="button button--danger" onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
