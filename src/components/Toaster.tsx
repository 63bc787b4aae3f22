import * as Toast from '@radix-ui/react-toast';
import { useSelector } from '@xstate/react';
import type { ToastPosition } from '../../machines/toasts.machine';
import { useAppActors } from '../app/AppActorsContext';
import './Toaster.css';

/**
 * Renders the toasts machine with Radix Toast, one viewport per corner. The machine owns the 5000 ms;
 * Radix only reports a close (button or swipe), which becomes 'toast.remove'.
 */
export default function Toaster() {
  return (
    <>
      <Corner position="top-right" />
      <Corner position="top-left" />
    </>
  );
}

function Corner({ position }: { position: ToastPosition }) {
  const { toasts } = useAppActors();
  const shown = useSelector(toasts, (s) => s.context.toasts.filter((toast) => toast.position === position));
  return (
    <Toast.Provider
      duration={Infinity}
      swipeDirection={position === 'top-left' ? 'left' : 'right'}
      label={`Notifications (${position})`}
    >
      {shown.map((toast) => (
        <Toast.Root
          key={toast.id}
          className={`toast toast--${toast.variant}`}
          data-testid="toast"
          data-variant={toast.variant}
          type={toast.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) toasts.send({ type: 'toast.remove', id: toast.id });
          }}
        >
          <Toast.Title className="toast__title">{toast.title}</Toast.Title>
          <Toast.Close className="toast__close" aria-label="Close">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className={`toast-viewport toast-viewport--${position}`} data-position={position} />
    </Toast.Provider>
  );
}
