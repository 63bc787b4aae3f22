import { useEffect, useRef, useState } from 'react';

/** Copies text to the clipboard; says "Copied" once it is there (or that it could not, then the text stays shown). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [said, setSaid] = useState<string | null>(null);
  return (
    <button
      type="button"
      className="button button--outline"
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => setSaid('Copied'),
          () => setSaid('Could not copy: select the text instead'),
        )
      }
    >
      {said ?? label}
    </button>
  );
}

/**
 * The recovery codes, shown once (docs/product.md#second-factor): copy them, download them as a text file,
 * and "I have saved them" closes the list for good.
 */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const title = useRef<HTMLHeadingElement>(null);
  // The form that asked for them is gone: the reader is taken to the codes.
  useEffect(() => title.current?.focus(), []);
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="totp__panel">
      <h3 ref={title} tabIndex={-1} id="recovery-codes-title">
        Your recovery codes
      </h3>
      <p>
        Each code signs you in once if you cannot use your authenticator app. Keep them somewhere safe: they are shown
        only now.
      </p>
      <ul className="totp__codes" aria-labelledby="recovery-codes-title">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="totp__actions">
        <CopyButton text={text} label="Copy" />
        <button type="button" className="button button--outline" onClick={download}>
          Download
        </button>
        <button type="button" className="button button--primary" onClick={onSaved}>
          I have saved them
        </button>
      </div>
    </div>
  );
}
