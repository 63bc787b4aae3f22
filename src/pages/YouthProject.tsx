import { useMachine } from '@xstate/react';
import type { YouthEvent } from '#machines/youthApplication.machine';
import { wireYouthApplication } from './YouthProject.wiring';
import {
  type YouthErrors,
  type YouthValues,
  YOUTH_AGE_MAX,
  YOUTH_AGE_MIN,
  YOUTH_CAUSE_MAX,
  YOUTH_EMAIL_MAX,
  YOUTH_NAME_MAX,
} from '#domain/validation';
import { useAppActors } from '../common/AppActorsContext';
import { usePageMeta } from '../common/hooks';
import { company } from '#domain/company';
import { FieldError, invalid } from '../components/FieldError';
import { Honeypot } from '../components/Honeypot';
import { Spinner } from '../components/Spinner';
import { YouthInfo } from '../components/youth/YouthInfo';
import './Forms.css';
import { fixedPages } from '#domain/fixedPages';

const YOUTH_TOAST = 'youth-application';

type TextField = Extract<YouthEvent, { type: 'youth.change' }>['field'];

/** The programme, then the application form, which sends a checked application to the programme's office. */
export default function YouthProject() {
  usePageMeta(fixedPages['/youth-project']);
  const { inspect, toasts } = useAppActors();
  const [snapshot, send] = useMachine(
    wireYouthApplication({
      announceSending: () =>
        toasts.send({ type: 'toast.add', toast: { id: YOUTH_TOAST, title: 'Sending your application…' } }),
      announceSent: () =>
        toasts.send({
          type: 'toast.update',
          id: YOUTH_TOAST,
          changes: { title: 'Your application has been sent successfully', variant: 'success' },
        }),
      announceFailed: (message) =>
        toasts.send({ type: 'toast.update', id: YOUTH_TOAST, changes: { title: message, variant: 'error' } }),
    }),
    { inspect },
  );
  const { values, errors } = snapshot.context;
  const submitting = snapshot.hasTag('busy');

  return (
    <main className="page youth-page">
      <h1>Youth Project</h1>
      <YouthInfo />
      <section className="form-page youth-page__apply" aria-labelledby="apply-title">
        <h2 id="apply-title">Apply now</h2>
        <p className="form-page__lead">
          All fields are required. Your application goes to the programme's team, who reply to every applicant. You can
          also write to <a href={`mailto:${company.youthProjectEmail}`}>{company.youthProjectEmail}</a>.
        </p>
        <form
          className="form form-card"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'youth.submit' });
          }}
        >
          <fieldset disabled={submitting} className="youth-page__fields">
            <ApplicationFields values={values} errors={errors} send={send} />
          </fieldset>
          <Honeypot
            id="youth-website"
            value={snapshot.context.website}
            onChange={(value) => send({ type: 'youth.trap', value })}
          />
          {submitting ? (
            <Spinner label="Sending your application" />
          ) : (
            <button type="submit" className="button button--primary" disabled={!snapshot.can({ type: 'youth.submit' })}>
              Send application
            </button>
          )}
        </form>
      </section>
    </main>
  );
}

/** The five fields, each with its rule as a hint and its error once the machine finds one. */
function ApplicationFields({
  values,
  errors,
  send,
}: {
  values: YouthValues;
  errors: YouthErrors;
  send: (event: YouthEvent) => void;
}) {
  const change = (field: TextField) => (event: { target: { value: string } }) =>
    send({ type: 'youth.change', field, value: event.target.value });
  return (
    <>
      <FieldError id="youth-name" label="Full name" error={errors.fullName} hint={`3 to ${YOUTH_NAME_MAX} characters.`}>
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
    </>
  );
}
