import { useMachine } from '@xstate/react';
import { type YouthEvent, youthApplicationMachine } from '../../machines/youthApplication.machine';
import {
  YOUTH_AGE_MAX,
  YOUTH_AGE_MIN,
  YOUTH_CAUSE_MAX,
  YOUTH_EMAIL_MAX,
  YOUTH_FIELDS,
  YOUTH_NAME_MAX,
  validateYouthField,
} from '../../domain/validation';
import type { YouthValues } from '../../domain/validation';
import { useAppActors } from '../app/AppActorsContext';
import { usePageMeta } from '../app/hooks';
import { company } from '../../domain/company';
import { FieldError, invalid } from '../components/FieldError';
import { Spinner } from '../components/Spinner';
import { YouthInfo } from '../components/youth/YouthInfo';
import './Forms.css';

const YOUTH_TOAST = 'youth-application';

type TextField = Extract<YouthEvent, { type: 'youth.change' }>['field'];

/** The application as an e-mail to the programme: the form itself sends nothing anywhere. */
function mailtoFor(application: YouthValues | null): string {
  const body = application
    ? [
        `Full name: ${application.fullName}`,
        `E-mail: ${application.emailAddress}`,
        `Phone: ${application.phoneNumber}`,
        `Age: ${application.age}`,
        '',
        'Why I want to join:',
        application.joinCause,
      ].join('\n')
    : '';
  const subject = `Youth Project application${application ? ` from ${application.fullName}` : ''}`;
  const query = new URLSearchParams(application ? { subject, body } : { subject });
  return `mailto:${company.youthProjectEmail}?${query.toString().replace(/\+/g, '%20')}`;
}

/**
 * The programme, then the application form. The form checks an application and sends nothing to a
 * server: the page says so, and offers the checked application as an e-mail to the programme's address.
 */
export default function YouthProject() {
  usePageMeta('Youth Project', 'A free 6-month IT training programme for people aged 18 to 30. Apply by e-mail.');
  const { inspect, toasts } = useAppActors();
  const [snapshot, send] = useMachine(
    youthApplicationMachine.provide({
      actions: {
        announceSending: () =>
          toasts.send({ type: 'toast.add', toast: { id: YOUTH_TOAST, title: 'Sending your application…' } }),
        announceSent: () =>
          toasts.send({
            type: 'toast.update',
            id: YOUTH_TOAST,
            changes: { title: 'Your application has been sent successfully', variant: 'success' },
          }),
      },
    }),
    { inspect },
  );
  const { values, errors, application } = snapshot.context;
  const submitting = snapshot.matches('submitting');
  const allValid = YOUTH_FIELDS.every((field) => validateYouthField(field, values) === null);
  const change = (field: TextField) => (event: { target: { value: string } }) =>
    send({ type: 'youth.change', field, value: event.target.value });

  return (
    <main className="page youth-page">
      <h1>Youth Project</h1>
      <YouthInfo />
      <section className="form-page youth-page__apply" aria-labelledby="apply-title">
        <h2 id="apply-title">Apply now</h2>
        <p className="form-page__lead">
          All fields are required. This page does not send your application to us: the form checks it, then prepares it
          as an e-mail for you to send to{' '}
          <a href={`mailto:${company.youthProjectEmail}`}>{company.youthProjectEmail}</a> from your e-mail program. You
          can also write to that address directly. We reply to every application that reaches it.
        </p>
        {application && (
          <div className="alert alert--success" role="status">
            <span>
              Thank you, {application.fullName}! To apply,{' '}
              <a href={mailtoFor(application)}>send your application to {company.youthProjectEmail}</a> from your e-mail
              program.
            </span>
          </div>
        )}
        <form
          className="form form-card"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'youth.submit' });
          }}
        >
          <fieldset disabled={submitting} className="youth-page__fields">
            <FieldError
              id="youth-name"
              label="Full name"
              error={errors.fullName}
              hint={`3 to ${YOUTH_NAME_MAX} characters.`}
            >
              <input
                id="youth-name"
                className="field__input"
                autoComplete="name"
                maxLength={YOUTH_NAME_MAX}
                value={values.fullName}
                onChange={change('fullName')}
                {...invalid('youth-name', errors.fullName)}
              />
            </FieldError>
            <FieldError id="youth-email" label="Email address" error={errors.emailAddress}>
              <input
                id="youth-email"
                className="field__input"
                type="email"
                autoComplete="email"
                maxLength={YOUTH_EMAIL_MAX}
                value={values.emailAddress}
                onChange={change('emailAddress')}
                {...invalid('youth-email', errors.emailAddress)}
              />
            </FieldError>
            <FieldError
              id="youth-phone"
              label="Phone number"
              error={errors.phoneNumber}
              hint="A UK number, e.g. 07123 456789."
            >
              <input
                id="youth-phone"
                className="field__input"
                type="tel"
                autoComplete="tel"
                value={values.phoneNumber}
                onChange={change('phoneNumber')}
                {...invalid('youth-phone', errors.phoneNumber)}
              />
            </FieldError>
            <FieldError id="youth-age" label="Age" error={errors.age} hint={`${YOUTH_AGE_MIN} to ${YOUTH_AGE_MAX}.`}>
              <input
                id="youth-age"
                className="field__input"
                type="number"
                inputMode="numeric"
                min={YOUTH_AGE_MIN}
                max={YOUTH_AGE_MAX}
                value={Number.isNaN(values.age) ? '' : values.age}
                onChange={(event) => send({ type: 'youth.changeAge', age: event.target.valueAsNumber })}
                {...invalid('youth-age', errors.age)}
              />
            </FieldError>
            <FieldError
              id="youth-cause"
              label="Why do you want to join?"
              error={errors.joinCause}
              hint={`10 to ${YOUTH_CAUSE_MAX} characters.`}
            >
              <textarea
                id="youth-cause"
                className="field__input"
                rows={5}
                maxLength={YOUTH_CAUSE_MAX}
                value={values.joinCause}
                onChange={change('joinCause')}
                {...invalid('youth-cause', errors.joinCause)}
              />
            </FieldError>
          </fieldset>
          {submitting ? (
            <Spinner label="Sending your application" />
          ) : (
            <button type="submit" className="button button--primary" disabled={!allValid}>
              Send application
            </button>
          )}
        </form>
      </section>
    </main>
  );
}
