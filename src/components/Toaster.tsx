import * as Toast from '@radix-ui/react-toast';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ToastPosition } from '#machines/toasts.machine';
import { useAppActors } from '../common/AppActorsContext';
import './Toaster.css';

/**
 * Renders the toasts machine with Radix Toast, one viewport per corner. The machine owns the 5000 ms;
 * Radix only reports a close (button or swipe), which becomes 'toast.remove'.
 */

/** A toast dragged sideways further than this share of its own width is dismissed; less, it springs back. */
const TOAST_DRAG_DISMISS_PERCENT = 80;

/**
 * Radix counts its swipe threshold in pixels: this one follows the toasts' width (all toasts of a corner
 * are as wide as its viewport's content). The ref goes on each toast; the threshold is measured from them.
 */
function useSwipeThreshold(): [number, (node: HTMLElement | null) => void] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const measure = useCallback((node: HTMLElement | null) => {
    if (!node) return;
    // A toast that has just been removed measures 0: it says nothing about the others.
    const use = (element: Element) => {
      const measured = element.getBoundingClientRect().width;
      if (measured > 0) setWidth(measured);
    };
    observer.current ??= new ResizeObserver((entries) => entries.forEach((entry) => use(entry.target)));
    observer.current.observe(node);
    use(node);
  }, []);
  // Until a toast is measured, the widest a toast can be (its viewport's 380 px) stands in.
  return [Math.round(((width || 380) * TOAST_DRAG_DISMISS_PERCENT) / 100), measure];
}
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
  const [swipeThreshold, measure] = useSwipeThreshold();
  return (
    <Toast.Provider
      duration={Infinity}
      swipeThreshold={swipeThreshold}
      swipeDirection={position === 'top-left' ? 'left' : 'right'}
      label={`Notifications (${position})`}
    >
      {shown.map((toast) => (
        <Toast.Root
          key={toast.id}
          ref={measure}
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
