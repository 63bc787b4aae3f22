import { useMachine } from '@xstate/react';
import { useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { PasskeysEvent, passkeysMachine } from '#machines/passkeys.machine';
import { PASSWORD_MAX } from '#domain/contract';
import { PASSKEY_NAME_MAX, type Passkey } from '#domain/passkeyContract';
import { useAppActors } from '#src/common/AppActorsContext';
import { useToast } from '#src/common/hooks';
import { passkeysInput, wirePasskeys } from '#src/common/wiring/passkeys';
import { ConfirmDialog } from '../ConfirmDialog';
import { Field } from '../Field';
import { Spinner } from '../Spinner';
import { EmailCodeField } from './EmailCodeField';
import './PasskeySettings.css';

type Snapshot = SnapshotFrom<typeof passkeysMachine>;
type Send = (event: PasskeysEvent) => void;

/** The one refusal the add or rename form shows, below its fields. */
const ERROR_ID = 'passkey-error';
/** The refusal of a removal's proof, in the removal's dialog. */
const REMOVE_ERROR_ID = 'passkey-remove-error';

const dateOf = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(iso));

/**
 * The passkeys block of the profile's Security section (docs/product.md#passkeys): the account's passkeys,
 * each with Rename and Remove, and "Add a passkey" (a name and the owner's proof first, then the browser's
 * prompt), as the machine says.
 */
export function PasskeySettings({ hasPassword }: { hasPassword: boolean }) {
  const app = useAppActors();
  const toast = useToast();
  const title = useRef<HTMLHeadingElement>(null);
  const [snapshot, send] = useMachine(
    wirePasskeys({
      showError: (message) => toast({ title: message, variant: 'error' }),
      announce: (message) => toast({ title: message, variant: 'success' }),
    }),
    { input: passkeysInput(hasPassword), inspect: app.inspect },
  );
  const { passkeys } = snapshot.context;

  return (
    <div className="passkeys" data-testid="passkey-settings">
      <h3 id="passkeys-title" ref={title} tabIndex={-1}>
        Passkeys
      </h3>
      {snapshot.hasTag('loading') && <Spinner label="Loading passkeys" />}
      {snapshot.hasTag('unavailable') && (
        <div className="passkeys__actions">
          <p>Your passkeys could not be loaded.</p>
          <button type="button" className="button button--outline" onClick={() => send({ type: 'passkeys.reload' })}>
            Load passkeys again
          </button>
        </div>
      )}
      {!snapshot.hasTag('loading') && !snapshot.hasTag('unavailable') && (
        <>
          {passkeys.length === 0 ? (
            <p>No passkeys yet. A passkey signs you in with your fingerprint, face or PIN, without a password.</p>
          ) : (
            <ul className="passkeys__list" aria-labelledby="passkeys-title">
              {passkeys.map((passkey) => (
                <PasskeyRow key={passkey.id} passkey={passkey} snapshot={snapshot} send={send} />
              ))}
            </ul>
          )}
          <AddPasskey snapshot={snapshot} send={send} />
        </>
      )}
      <RemovePasskeyDialog snapshot={snapshot} send={send} title={title} />
    </div>
  );
}

/** "Add a passkey", or its form (a name and the owner's proof, then the browser's prompt); or why it cannot be. */
function AddPasskey({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const { supported } = snapshot.context;
  return !supported ? (
    <p className="passkeys__note" data-testid="passkeys-unsupported">
      This browser cannot make passkeys. You can add one from a browser that can.
    </p>
  ) : snapshot.hasTag('addForm') ? (
    <NameForm
      snapshot={snapshot}
      send={send}
      id="passkey-name"
      label="Name of the new passkey"
      submit="Continue"
      busy={
        snapshot.hasTag('prompting')
          ? 'Waiting for your browser'
          : snapshot.hasTag('adding')
            ? 'Adding the passkey'
            : null
      }
    >
      {snapshot.context.options === null && (
        <OwnerProofFields snapshot={snapshot} send={send} readOnly={snapshot.hasTag('adding')} />
      )}
    </NameForm>
  ) : (
    <div className="passkeys__actions">
      <button
        type="button"
        className="button button--primary"
        disabled={!snapshot.can({ type: 'passkeys.add' })}
        onClick={() => send({ type: 'passkeys.add' })}
      >
        Add a passkey
      </button>
    </div>
  );
}

/** The removal's question, with the owner's proof and its refusal; the focus returns to the block's title. */
function RemovePasskeyDialog({
  snapshot,
  send,
  title,
}: {
  snapshot: Snapshot;
  send: Send;
  title: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { passkeys, selected } = snapshot.context;
  const asked = passkeys.find((key) => key.id === selected);
  return (
    <ConfirmDialog
      open={snapshot.hasTag('removeDialog')}
      title="Remove this passkey?"
      description={`“${asked?.name ?? ''}” will no longer sign you in. The device may keep it until you delete it there too.`}
      confirmLabel={snapshot.hasTag('removing') ? 'Removing…' : 'Remove passkey'}
      confirmDisabled={!snapshot.can({ type: 'passkeys.confirm' })}
      onConfirm={() => send({ type: 'passkeys.confirm' })}
      onCancel={() => send({ type: 'passkeys.cancel' })}
      focusAfterConfirm={title}
    >
      <OwnerProofFields
        snapshot={snapshot}
        send={send}
        readOnly={snapshot.hasTag('removing')}
        idPrefix="passkey-remove"
        errorId={REMOVE_ERROR_ID}
        purpose="removing one"
      />
      {snapshot.context.error && (
        <p id={REMOVE_ERROR_ID} className="form__error" role="alert">
          {snapshot.context.error}
        </p>
      )}
    </ConfirmDialog>
  );
}

function PasskeyRow({ passkey, snapshot, send }: { passkey: Passkey; snapshot: Snapshot; send: Send }) {
  const { selected } = snapshot.context;
  const mine = selected === passkey.id;
  if (mine && snapshot.hasTag('renaming')) {
    return (
      <li className="passkeys__item" data-testid="passkey" data-id={passkey.id}>
        <NameForm
          snapshot={snapshot}
          send={send}
          id="passkey-rename"
          label={`New name for “${passkey.name}”`}
          submit="Save"
          busy={snapshot.hasTag('savingName') ? 'Renaming' : null}
        />
      </li>
    );
  }
  return (
    <li className="passkeys__item" data-testid="passkey" data-id={passkey.id}>
      <div className="passkeys__who">
        <strong>{passkey.name}</strong>
        <span>
          Added {dateOf(passkey.createdAt)} · Last used {passkey.lastUsedAt ? dateOf(passkey.lastUsedAt) : 'never'}
        </span>
      </div>
      <div className="passkeys__actions">
        <button
          type="button"
          className="button button--outline"
          aria-label={`Rename ${passkey.name}`}
          disabled={!snapshot.can({ type: 'passkeys.rename', id: passkey.id })}
          onClick={() => send({ type: 'passkeys.rename', id: passkey.id })}
        >
          Rename
        </button>
        <button
          type="button"
          className="button button--danger"
          aria-label={`Remove ${passkey.name}`}
          disabled={!snapshot.can({ type: 'passkeys.remove', id: passkey.id })}
          onClick={() => send({ type: 'passkeys.remove', id: passkey.id })}
        >
          {mine && snapshot.hasTag('removing') ? <Spinner label="Removing" /> : 'Remove'}
        </button>
      </div>
    </li>
  );
}

/**
 * The name of a new passkey (with the owner's proof as `children`), or a new name for one: the reason of the last
 * failure shows below the fields.
 */
function NameForm({
  snapshot,
  send,
  id,
  label,
  submit,
  busy,
  children,
}: {
  snapshot: Snapshot;
  send: Send;
  id: string;
  label: string;
  submit: string;
  busy: string | null;
  children?: React.ReactNode;
}) {
  const { name, error } = snapshot.context;
  return (
    <form
      className="passkeys__form"
      aria-busy={busy !== null}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'passkeys.submit' });
      }}
    >
      <Field
        id={id}
        label={label}
        value={name}
        maxLength={PASSKEY_NAME_MAX}
        autoComplete="off"
        readOnly={busy !== null}
        aria-describedby={error ? ERROR_ID : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => send({ type: 'passkeys.changeName', value: event.target.value })}
      />
      {children}
      {error && (
        <p id={ERROR_ID} className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="passkeys__actions">
        {busy ? (
          <Spinner label={busy} />
        ) : (
          <>
            <button
              type="submit"
              className="button button--primary"
              disabled={!snapshot.can({ type: 'passkeys.submit' })}
            >
              {submit}
            </button>
            <button type="button" className="button button--outline" onClick={() => send({ type: 'passkeys.cancel' })}>
              Cancel
            </button>
          </>
        )}
      </div>
    </form>
  );
}

/**
 * The owner's proof before a passkey is added or removed: the current password, or for an account without one a
 * code e-mailed on request ("Send a code"), as for the authenticator app.
 */
function OwnerProofFields({
  snapshot,
  send,
  readOnly,
  idPrefix = 'passkey',
  errorId = ERROR_ID,
  purpose = 'adding one',
}: {
  snapshot: Snapshot;
  send: Send;
  readOnly: boolean;
  /** The fields' ids start with it: the add form's and the removal dialog's must differ. */
  idPrefix?: string;
  /** Where the form shows its refusal, which the field names as its description. */
  errorId?: string;
  purpose?: string;
}) {
  const { hasPassword, values, notice, error } = snapshot.context;
  const described = error ? errorId : undefined;
  if (hasPassword) {
    return (
      <>
        <p>A passkey signs you in by itself, so {purpose} takes your current password.</p>
        <Field
          id={`${idPrefix}-password`}
          label="Current password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          value={values.password}
          readOnly={readOnly}
          aria-describedby={described}
          onChange={(event) => send({ type: 'passkeys.changeProof', field: 'password', value: event.target.value })}
        />
      </>
    );
  }
  return (
    <>
      <p>A passkey signs you in by itself, so {purpose} takes a code we e-mail you.</p>
      <EmailCodeField
        id={`${idPrefix}-email-code`}
        value={values.emailCode}
        onChange={(value) => send({ type: 'passkeys.changeProof', field: 'emailCode', value })}
        onSend={() => send({ type: 'passkeys.sendCode' })}
        canSend={snapshot.can({ type: 'passkeys.sendCode' })}
        sending={snapshot.hasTag('sendingCode')}
        notice={notice}
        describedBy={described}
        readOnly={readOnly}
      />
    </>
  );
}
