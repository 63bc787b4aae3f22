import { useMachine } from '@xstate/react';
import { PASSWORD_FIELDS, passwordsFilled, type PasswordField } from '#machines/changePassword.machine';
import { useAppActors } from '../common/AppActorsContext';
import { usePageMeta, useToast } from '../common/hooks';
import { wireChangePassword } from './ChangePassword.wiring';
import { Spinner } from '../components/Spinner';
import './Forms.css';
import { fixedPages } from '#domain/fixedPages';

const LABELS: Record<PasswordField, string> = {
  oldPassword: 'Old password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
};

/** The change-password page (docs/product.md#screens): three fields with show/hide toggles and 'Apply'. */
export default function ChangePassword() {
  usePageMeta(fixedPages['/change-password']);
  const app = useAppActors();
  const toast = useToast();
  const [snapshot, send] = useMachine(
    wireChangePassword(app, {
      announceChanged: () =>
        toast({ title: 'Your password has been changed. Other devices were signed out.', variant: 'success' }),
    }),
    { inspect: app.inspect },
  );
  const { values, visible, error } = snapshot.context;
  const saving = snapshot.hasTag('saving');

  return (
    <main className="page form-page">
      <h1>Change Password</h1>
      <p className="form-page__lead">Use 8 to 128 characters. Changing it signs you out on your other devices.</p>
      <form
        className="form form-card"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'password.submit' });
        }}
      >
        {PASSWORD_FIELDS.map((field) => (
          <div className="field" key={field}>
            <label htmlFor={`password-${field}`}>{LABELS[field]}</label>
            <div className="password-input">
              <input
                id={`password-${field}`}
                className="field__input"
                type={visible[field] ? 'text' : 'password'}
                autoComplete={field === 'oldPassword' ? 'current-password' : 'new-password'}
                maxLength={128}
                value={values[field]}
                onChange={(event) => send({ type: 'password.change', field, value: event.target.value })}
              />
              <button
                type="button"
                className="password-input__toggle"
                aria-label={`${visible[field] ? 'Hide' : 'Show'} ${LABELS[field].toLowerCase()}`}
                aria-pressed={visible[field]}
                onClick={() => send({ type: 'password.toggleVisibility', field })}
              >
                {visible[field] ? 'Hide' : 'Show'}
              </button>
            </div>
          </div>
        ))}
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={!passwordsFilled(values) || saving}>
          {saving ? <Spinner label="Saving" /> : 'Apply'}
        </button>
      </form>
    </main>
  );
}
