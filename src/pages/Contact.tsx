import { useMachine } from '@xstate/react';
import type { ContactField } from '#machines/contact.machine';
import { wireContact } from './Contact.wiring';
import { Spinner } from '../components/Spinner';
import { useAppActors } from '../common/AppActorsContext';
import { usePageMeta } from '../common/hooks';
import { company } from '#domain/company';
import { FieldError, invalid } from '../components/FieldError';
import { Honeypot } from '../components/Honeypot';
import './Forms.css';
import { fixedPages } from '#domain/fixedPages';

/** The contact page (docs/product.md#screens): Name, Email, Message and 'Send Message', sent to the office. */
export default function Contact() {
  usePageMeta(fixedPages['/contact-us']);
  const { inspect } = useAppActors();
  const [snapshot, send] = useMachine(wireContact(), { inspect });
  const { values, errors, failure } = snapshot.context;
  const sending = snapshot.hasTag('busy');
  const change = (field: ContactField) => (event: { target: { value: string } }) =>
    send({ type: 'contact.change', field, value: event.target.value });

  return (
    <main className="page form-page">
      <h1>Contact us</h1>
      <p className="form-page__lead">
        Tell us about your project or ask about a service. Prefer e-mail? Write to{' '}
        <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>.
      </p>
      {snapshot.hasTag('sent') && (
        <SentAlert name={snapshot.context.message?.name} onDismiss={() => send({ type: 'contact.dismiss' })} />
      )}
      <form
        className="form form-card"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'contact.submit' });
        }}
      >
        <FieldError id="contact-name" label="Name" error={errors.name}>
          <input
            id="contact-name"
            className="field__input"
            autoComplete="name"
            value={values.name}
            onChange={change('name')}
            {...invalid('contact-name', errors.name)}
          />
        </FieldError>
        <FieldError id="contact-email" label="Email" error={errors.email}>
          <input
            id="contact-email"
            className="field__input"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={change('email')}
            {...invalid('contact-email', errors.email)}
          />
        </FieldError>
        <FieldError id="contact-message" label="Message" error={errors.message}>
          <textarea
            id="contact-message"
            className="field__input"
            rows={6}
            value={values.message}
            onChange={change('message')}
            {...invalid('contact-message', errors.message)}
          />
        </FieldError>
        <Honeypot
          id="contact-website"
          value={snapshot.context.website}
          onChange={(value) => send({ type: 'contact.trap', value })}
        />
        {failure && (
          <p className="form__error" role="alert">
            {failure}
          </p>
        )}
        {sending ? (
          <Spinner label="Sending your message" />
        ) : (
          <button type="submit" className="button button--primary">
            Send Message
          </button>
        )}
      </form>
    </main>
  );
}

/** The thanks for a message sent, until it is dismissed or a new message begins. */
function SentAlert({ name, onDismiss }: { name: string | undefined; onDismiss: () => void }) {
  return (
    <div className="alert alert--success" role="status">
      <span>Thank you, {name}! Your message has been sent; we reply within a few hours.</span>
      <button type="button" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
