import type { Ref } from 'react';
import { Spinner } from '../Spinner';
import './EmailCodeField.css';

interface EmailCodeFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Asks the server to mail a code; off while one is being sent, or when the machine would not take it. */
  onSend: () => void;
  canSend: boolean;
  sending: boolean;
  /** The server's word that a code was mailed, shown under the field. */
  notice: string | null;
  describedBy?: string | undefined;
  readOnly?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The owner's proof of an account without a password (Google only): "Send a code" mails one, and its six digits
 * go in the field. Shared by the Security section's forms that ask for the proof (authenticator app, passkeys).
 */
export function EmailCodeField(props: EmailCodeFieldProps) {
  const { id, value, onChange, onSend, canSend, sending, notice, describedBy, readOnly, inputRef } = props;
  return (
    <div className="field">
      <label htmlFor={id}>Code from the e-mail</label>
      <div className="code-input__row">
        <input
          ref={inputRef}
          id={id}
          className="field__input code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={value}
          readOnly={readOnly}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        <button type="button" className="button button--outline" disabled={!canSend} onClick={onSend}>
          {sending ? <Spinner label="Sending the code" /> : notice ? 'Send a new code' : 'Send a code'}
        </button>
      </div>
      {notice && <p role="status">{notice}</p>}
    </div>
  );
}
