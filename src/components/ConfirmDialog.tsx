import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useRef } from 'react';
import './Dialog.css';

/**
 * A question asked before an action that cannot be undone (Radix Dialog: focus trap, Escape, labels), as an
 * alert dialog. Focus starts on Cancel, so an Enter pressed out of habit does not act; Escape cancels, and a
 * click beside the dialog does nothing (an alert dialog is answered, not dismissed). `open` is the machine's:
 * the dialog shows while the machine waits for the answer.
 *
 * Closed by Cancel, focus goes back to the button that opened it. Confirmed, that button is busy and then gone
 * (the order delivered, the member removed), so focus goes to `focusAfterConfirm` instead of falling to the page.
 *
 * `children`: what the answer needs besides the click (the owner's proof), between the question and its buttons;
 * Enter in a field confirms, unless `confirmDisabled` (the machine cannot take the answer yet).
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  focusAfterConfirm,
  confirmDisabled = false,
  children,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  focusAfterConfirm?: RefObject<HTMLElement | null>;
  confirmDisabled?: boolean;
  children?: ReactNode;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  // Radix gives focus back to a Dialog.Trigger; this dialog has none (the machine opens it), so it keeps the opener.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content
          role="alertdialog"
          className="dialog__content"
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            event.preventDefault();
            cancel.current?.focus();
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            const target = confirmed.current ? focusAfterConfirm?.current : opener.current;
            confirmed.current = false;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="dialog__description">{description}</Dialog.Description>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (confirmDisabled) return;
              confirmed.current = true;
              onConfirm();
            }}
          >
            {children}
            <div className="dialog__actions">
              <Dialog.Close ref={cancel} className="button button--outline">
                {cancelLabel}
              </Dialog.Close>
              <button type="submit" className="button button--danger" disabled={confirmDisabled}>
                {confirmLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
