import { useState } from 'react';

/**
 * The "Open inspector" control (development builds, with `?inspect` or VITE_INSPECT=1): a browser lets a
 * page open a window only on a click, so the Stately inspector opens from here, not on page load. The
 * inspector then receives what the actors did since the page loaded. Styled inline: it is never in the
 * production bundle, and neither is any style for it.
 */
export function InspectorButton({ open }: { open: () => void }) {
  const [opened, setOpened] = useState(false);
  if (opened) return null;
  return (
    <button
      type="button"
      className="button button--outline"
      style={{ position: 'fixed', left: 8, bottom: 8, zIndex: 1000, fontSize: 12, padding: '4px 8px' }}
      onClick={() => {
        open();
        setOpened(true);
      }}
    >
      Open inspector
    </button>
  );
}
