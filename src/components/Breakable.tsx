import { Fragment } from 'react';

/**
 * After these a long address or link may break a line: "@", dots, slashes and the marks of a query. A browser
 * finds no break in "name.surname@example.com" by itself, so `overflow-wrap: anywhere` would cut it anywhere,
 * mid-word. A hyphen needs nothing: the browser breaks after it already.
 */
const AFTER_SEPARATORS = /(?<=[@./?&=#_])(?![@./?&=#_])/;

/**
 * A text (an e-mail address, a link, a sentence holding one) with a line-break opportunity (`<wbr>`) after each
 * run of separators. Its box should still say `overflow-wrap: anywhere`: a part longer than the line then breaks
 * mid-word, but only that part. The text itself, as read or copied, is unchanged.
 */
export function Breakable({ text }: { text: string }) {
  return text.split(AFTER_SEPARATORS).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
