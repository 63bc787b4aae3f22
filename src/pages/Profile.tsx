import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { DeleteAccountEvent, deleteAccountMachine } from '#machines/deleteAccount.machine';
import type { ProfileEvent, profileMachine } from '#machines/profile.machine';
import type { VerifyEvent, verifyEmailMachine } from '#machines/verifyEmail.machine';
import { lastLoginMachine } from '#machines/lastLogin.machine';
import { formatSince } from '#machines/lib/since';
import type { User } from '#domain/types';
import { useAppActors } from '../common/AppActorsContext';
import { useAuth, usePageMeta, useToast } from '../common/hooks';
import { wireDeleteAccount, wireProfile, wireVerifyEmail } from './Profile.wiring';
import { Avatar } from '../components/Avatar';
import { Breakable } from '../components/Breakable';
import { Spinner } from '../components/Spinner';
import { TwoFactorSettings } from '../components/security/TwoFactorSettings';
import { PasskeySettings } from '../components/security/PasskeySettings';
import { SignOutEverywhere } from '../components/security/SignOutEverywhere';
import { DataExportCard } from '../components/account/DataExportCard';
import { BillingDetails } from '../components/account/BillingDetails';
import { PicturePicker } from '../components/account/PicturePicker';
import './Profile.css';
import { fixedPages } from '#domain/fixedPages';

const DeleteAccountDialog = lazy(() => import('../components/DeleteAccountDialog'));
const EmailChangeDialog = lazy(() => import('../components/EmailChangeDialog'));

/** The profile page (docs/product.md#screens). Only reached when signed in (routes.tsx). */
export default function Profile() {
  usePageMeta(fixedPages['/profile']);
  const { user } = useAuth();
  if (!user) return null;
  // A new key when the saved user changes resets the form to what the server holds.
  return <ProfilePage key={`${user.id}:${user.name}:${user.email}:${user.avatarURL}`} user={user} />;
}

function ProfilePage({ user }: { user: User }) {
  const app = useAppActors();
  const toast = useToast();
  const [form, send] = useMachine(
    wireProfile(app, {
      announceSaved: () => toast({ title: 'Your profile has been updated.', variant: 'success' }),
      releasePreview: (preview) => {
        if (preview) URL.revokeObjectURL(preview);
      },
    }),
    { input: { user }, inspect: app.inspect },
  );
  // One deletion actor for the notice and the link: which of them shows is the machine's state.
  const [deletion, sendDeletion] = useDeletion(user);
  const { preview } = form.context;
  return (
    <main className="page profile">
      <h1 className="visually-hidden">Profile</h1>
      <section className="profile__card" aria-label="Your account">
        <div className="profile__identity">
          {preview ? (
            <img className="avatar" src={preview} alt="Preview of your new picture" width={96} height={96} />
          ) : (
            <Avatar url={user.avatarURL} name={user.name} size={96} />
          )}
          <div>
            <p className="profile__name">{user.name}</p>
            <LastLogin since={user.lastLogin} />
          </div>
        </div>

        <EmailVerification user={user} />
        {deletion.hasTag('scheduled') && <DeletionNotice snapshot={deletion} send={sendDeletion} />}

        <ProfileForm form={form} send={send} />
        {form.hasTag('dialogOpen') && <EmailChange form={form} send={send} />}

        {deletion.hasTag('deletable') && <DeleteAccount snapshot={deletion} send={sendDeletion} />}
      </section>

      <BillingDetails />

      {/* How the account signs in (docs/product.md#second-factor): one block per way, each under the heading. */}
      <section className="profile__card profile__security" aria-labelledby="security-title">
        <h2 id="security-title">Security</h2>
        <TwoFactorSettings hasPassword={user.hasPassword ?? true} />
        <PasskeySettings hasPassword={user.hasPassword ?? true} />
        <SignOutEverywhere />
      </section>

      {/* "Download my data" (docs/product.md#data-export). */}
      <DataExportCard />
    </main>
  );
}

type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;
type VerifySnapshot = SnapshotFrom<typeof verifyEmailMachine>;

interface FormProps {
  form: ProfileSnapshot;
  send: (event: ProfileEvent) => void;
}

/** Picture, name and e-mail, the refusal above 'Edit', and 'Edit' with its spinner while the update is out. */
function ProfileForm({ form, send }: FormProps) {
  const { name, email, error } = form.context;
  // 'Edit' is enabled when the machine takes a submit: something changed, and nothing is being saved.
  const canSubmit = form.can({ type: 'profile.submit' });
  // While the proof's dialog is open, the refusal shows there.
  const confirming = form.hasTag('dialogOpen');
  const saving = form.hasTag('saving');
  return (
    <form
      className="form profile__form"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'profile.submit' });
      }}
    >
      <PicturePicker
        chosen={form.context.avatar}
        onChoose={(file) => send({ type: 'profile.chooseAvatar', file, preview: URL.createObjectURL(file) })}
      />
      <div className="field">
        <label htmlFor="profile-name">Name</label>
        <input
          id="profile-name"
          className="field__input"
          autoComplete="name"
          value={name}
          onChange={(event) => send({ type: 'profile.change', field: 'name', value: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="profile-email">Email</label>
        <input
          id="profile-email"
          className="field__input"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => send({ type: 'profile.change', field: 'email', value: event.target.value })}
        />
      </div>
      {error && !confirming && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={!canSubmit}>
        {saving ? <Spinner label="Saving" /> : 'Edit'}
      </button>
    </form>
  );
}

/** The dialog that asks for proof of an e-mail change, then for the code sent to the new address. */
function EmailChange({ form, send }: FormProps) {
  const { email, error, saved } = form.context;
  // The code sent to the new address: what the dialog's buttons may do is asked of the machine.
  const newAddress =
    form.hasTag('newAddress') && form.context.pending
      ? {
          pending: form.context.pending.email,
          checking: form.hasTag('checking'),
          resending: form.hasTag('resending'),
          canConfirm: form.can({ type: 'profile.confirm' }),
          canSendAgain: form.can({ type: 'profile.sendCode' }),
          canCancel: form.can({ type: 'profile.cancel' }),
        }
      : null;
  return (
    <Suspense fallback={null}>
      <EmailChangeDialog
        // Only the proof's update is out while the dialog is open.
        saving={form.hasTag('saving')}
        requesting={form.hasTag('requestingCode')}
        hasPassword={form.context.hasPassword}
        currentEmail={saved.email}
        newEmail={email.trim()}
        currentPassword={form.context.currentPassword}
        passwordVisible={form.context.passwordVisible}
        code={form.context.code}
        notice={form.context.notice}
        error={error}
        onChange={(field, value) => send({ type: 'profile.changeProof', field, value })}
        onToggleVisibility={() => send({ type: 'profile.toggleVisibility' })}
        onSendCode={() => send({ type: 'profile.sendCode' })}
        onConfirm={() => send({ type: 'profile.confirm' })}
        onCancel={() => send({ type: 'profile.cancel' })}
        newAddress={newAddress}
      />
    </Suspense>
  );
}

/** 'Last login since X ago', a live counter (docs/product.md#screens). */
function LastLogin({ since }: { since: string | null }) {
  const { inspect } = useAppActors();
  const [snapshot] = useMachine(lastLoginMachine, { input: { since, now: Date.now() }, inspect });
  const { since: from, now } = snapshot.context;
  if (from === null) return null;
  return (
    <p className="profile__last-login" data-testid="last-login">
      Last login since {formatSince(now - from)} ago
    </p>
  );
}

function EmailVerification({ user }: { user: User }) {
  const app = useAppActors();
  const toast = useToast();
  const [snapshot, send] = useMachine(
    wireVerifyEmail(app, {
      announceVerified: () => toast({ title: 'Your e-mail address is verified.', variant: 'success' }),
    }),
    { inspect: app.inspect },
  );
  if (user.emailVerified) {
    return (
      <p className="profile__badge profile__badge--ok" data-testid="email-status">
        ✓ <Breakable text={user.email} /> is verified
      </p>
    );
  }
  const { error } = snapshot.context;
  const awaiting = snapshot.hasTag('codeStep');
  return (
    <div className="profile__verify" data-testid="email-status">
      <p className="profile__badge profile__badge--warn">
        <Breakable text={user.email} /> is not verified yet.
      </p>
      {awaiting ? (
        <VerifyCodeForm snapshot={snapshot} send={send} email={user.email} />
      ) : (
        <div className="profile__verify-row">
          <button
            type="button"
            className="button button--outline"
            disabled={snapshot.hasTag('sending')}
            onClick={() => send({ type: 'verify.start' })}
          >
            Verify my e-mail address
          </button>
          {/* The code mailed at sign-up: asking for another would replace it. */}
          <button
            type="button"
            className="button button--outline"
            disabled={snapshot.hasTag('sending')}
            onClick={() => send({ type: 'verify.enterCode' })}
          >
            I have a code
          </button>
        </div>
      )}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The verification code's field, 'Verify', 'Send a new code' and 'Not now'. */
function VerifyCodeForm({
  snapshot,
  send,
  email,
}: {
  snapshot: VerifySnapshot;
  send: (event: VerifyEvent) => void;
  email: string;
}) {
  const { code } = snapshot.context;
  return (
    <form
      className="profile__verify-form"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'verify.submit' });
      }}
    >
      <label htmlFor="verify-code">Enter the 6-digit code we sent to {email}</label>
      <div className="profile__verify-row">
        <input
          id="verify-code"
          className="field__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => send({ type: 'verify.change', code: event.target.value })}
        />
        <button type="submit" className="button button--primary" disabled={snapshot.hasTag('checking')}>
          Verify
        </button>
      </div>
      <div className="profile__verify-row">
        <button type="button" className="button button--outline" onClick={() => send({ type: 'verify.resend' })}>
          Send a new code
        </button>
        <button type="button" className="button button--outline" onClick={() => send({ type: 'verify.cancel' })}>
          Not now
        </button>
      </div>
    </form>
  );
}

/**
 * The deletion machine for the page, started from the user: whether a deletion is scheduled decides what it
 * offers, and `role` whether the dialog asks for the password (an office or admin account).
 */
function useDeletion(user: User) {
  const app = useAppActors();
  const toast = useToast();
  return useMachine(
    wireDeleteAccount(app, {
      announce: (message) => toast({ title: message, variant: 'success' }),
      // A failed deletion request is an error toast at top-left (docs/product.md#errors).
      showError: (message) => toast({ title: message, variant: 'error', position: 'top-left' }),
    }),
    { input: { role: user.role, deletionScheduledFor: user.deletionScheduledFor ?? null }, inspect: app.inspect },
  );
}

interface DeletionProps {
  snapshot: SnapshotFrom<typeof deleteAccountMachine>;
  send: (event: DeleteAccountEvent) => void;
}

/** While a deletion is scheduled: when, and 'Cancel the deletion' (docs/product.md#deletion). */
function DeletionNotice({ snapshot, send }: DeletionProps) {
  const text = useRef<HTMLParagraphElement>(null);
  // Shown because the customer just asked (the user is being read again): the dialog and its link are gone, so
  // the reader is taken to what happened. Shown at page open, it leaves the focus where it is.
  const justRequested = useRef(snapshot.hasTag('refreshing'));
  useEffect(() => {
    if (justRequested.current) text.current?.focus();
  }, []);
  const due = snapshot.context.deletionScheduledFor;
  // The date is not known until the user is read again after a request (or when that read failed).
  const date = due && new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(due));
  return (
    <div className="profile__deletion" role="status">
      <p ref={text} tabIndex={-1}>
        {date ? `Your account is scheduled for deletion on ${date}.` : 'Your account is scheduled for deletion.'}
      </p>
      <button
        type="button"
        className="button button--outline"
        disabled={!snapshot.can({ type: 'delete.undo' })}
        onClick={() => send({ type: 'delete.undo' })}
      >
        Cancel the deletion
      </button>
    </div>
  );
}

/** While no deletion is scheduled: the red 'Delete Account' link and its confirmation dialog. */
function DeleteAccount({ snapshot, send }: DeletionProps) {
  const link = useRef<HTMLButtonElement>(null);
  // Shown because the customer just cancelled the deletion: the reader is taken to the link that replaced the
  // button they pressed (once the user has been read again and it is enabled).
  const justUndone = useRef(snapshot.hasTag('refreshing'));
  const settled = !snapshot.hasTag('refreshing');
  useEffect(() => {
    if (justUndone.current && settled) {
      justUndone.current = false;
      link.current?.focus();
    }
  }, [settled]);
  const askPassword = snapshot.hasTag('asksPassword');
  const deleting = snapshot.hasTag('deleting');
  const open = snapshot.hasTag('dialogOpen');
  return (
    <>
      <button
        ref={link}
        type="button"
        className="profile__delete"
        // Disabled only while the user is read again after an undo.
        disabled={!settled}
        onClick={() => send({ type: 'delete.open' })}
      >
        Delete Account
      </button>
      {open && (
        <Suspense fallback={null}>
          <DeleteAccountDialog
            open
            busy={deleting}
            askPassword={askPassword}
            error={snapshot.context.error}
            canConfirm={(password) => snapshot.can({ type: 'delete.confirm', password })}
            onDismiss={() => send({ type: 'delete.dismiss' })}
            onConfirm={(password) => send({ type: 'delete.confirm', password })}
          />
        </Suspense>
      )}
    </>
  );
}
