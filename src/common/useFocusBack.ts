import { useEffect, useState } from 'react';

/**
 * For a dialog the page shows only while it is open (the profile's deletion and e-mail change): when it goes away,
 * the focus goes back to the control that had it when the dialog came, instead of falling to the page. Radix gives
 * it back only to a `Dialog.Trigger`, and these dialogs are opened by their machine (docs/product.md#screens).
 * Only a focus that fell to the page is moved: one the page placed itself (a notice shown after the answer) stays.
 */
export function useFocusBack() {
  // Read in the first render, before the dialog takes the focus; a lazy dialog's code may arrive later, but nothing
  // moves the focus while it loads.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      // After Radix's own hand-back, which runs in the next task and finds no trigger to focus.
      setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && opener?.isConnected) opener.focus();
      });
    },
    [opener],
  );
}
