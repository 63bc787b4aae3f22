import { Breakable } from '#src/components/Breakable';

/** Web addresses in the way to join: only http and https ones, the rest stays text. */
const WEB_ADDRESS = /(https?:\/\/[^\s<>"]+)/i;

/** How to join a call, with its web addresses as links (a new tab: the page stays). */
export function JoinText({ text }: { text: string }) {
  return text.split(WEB_ADDRESS).map((part, index) =>
    // split with one capturing group: the odd parts are the addresses.
    index % 2 === 1 ? (
      <a key={index} href={part} target="_blank" rel="noopener noreferrer">
        <Breakable text={part} />
      </a>
    ) : (
      part
    ),
  );
}
