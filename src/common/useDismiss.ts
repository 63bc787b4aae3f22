import { type RefObject, useEffect } from 'react';

/** While `open`, a pointer press outside `root` or the Escape key calls `dismiss`, as any menu behaves. */
export function useDismiss(root: RefObject<HTMLElement | null>, open: boolean, dismiss: () => void) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) dismiss();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [root, open, dismiss]);
}
