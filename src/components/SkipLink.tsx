import './SkipLink.css';

/**
 * "Skip to main content": the first control of every page, shown when the keyboard reaches it. It moves the focus
 * to the page's <main>, so the next Tab goes on from there instead of from the top bar (docs/product.md#screens).
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        const main = document.querySelector('main');
        if (!main) return;
        // Focusable from script only: a Tab never stops on it.
        if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
        main.focus();
      }}
    >
      Skip to main content
    </a>
  );
}
