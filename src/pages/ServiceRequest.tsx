import { useMachine } from '@xstate/react';
import { type RefObject, useEffect, useRef } from 'react';
import { Redirect, useParams } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { type AppChoice, orderUrl, type WizardEvent, type wizardMachine } from '#machines/wizard.machine';
import type { ServiceType } from '#domain/contract';
import { SERVICE_TYPES } from '#domain/contract';
import { useAppActors } from '../common/AppActorsContext';
import { usePageMeta, useToast } from '../common/hooks';
import { wireWizard } from './ServiceRequest.wiring';
import { DELIVERY_LABELS } from '#domain/catalogue/delivery';
import { formatPrice } from '#domain/catalogue/price';
import { findService, type Service } from '#domain/catalogue/services';
import { Spinner } from '../components/Spinner';
import './ServiceRequest.css';
import { serviceRequestPage } from '#domain/pages';

const STEPS = [
  { tag: 'review', label: 'Review' },
  { tag: 'information', label: 'Information' },
  { tag: 'delivery', label: 'Delivery' },
  { tag: 'confirmation', label: 'Confirmation' },
] as const;

type Send = (event: WizardEvent) => void;

/** The order wizard at /service/{serviceId}/request; an unknown id goes to /not-found. */
export default function ServiceRequest() {
  const { serviceId = '' } = useParams<{ serviceId: string }>();
  const service = findService(serviceId);
  if (!service) return <Redirect to="/not-found" replace />;
  return <Wizard service={service} />;
}

function Wizard({ service }: { service: Service }) {
  usePageMeta(serviceRequestPage(service));
  const { inspect } = useAppActors();
  const toast = useToast();
  const [snapshot, send] = useMachine(
    wireWizard({
      goToPayment: (paymentLink) => window.location.assign(paymentLink),
      showError: (message) => toast({ title: message, variant: 'error' }),
    }),
    { input: { service: { title: service.title, price: service.price } }, inspect },
  );
  const { appChoice, websiteUrl, serviceType } = snapshot.context;
  const current = STEPS.findIndex((step) => snapshot.hasTag(step.tag));
  const indicator = useStepInView(current);

  return (
    <main className="page wizard">
      <h1>Order {service.title}</h1>
      <WizardSteps current={current} listRef={indicator} />

      <form
        className="wizard__panel"
        onSubmit={(event) => {
          event.preventDefault();
          send(snapshot.can({ type: 'wizard.confirm' }) ? { type: 'wizard.confirm' } : { type: 'wizard.next' });
        }}
      >
        {snapshot.hasTag('review') && <ReviewStep service={service} />}
        {snapshot.hasTag('information') && (
          <InformationStep appChoice={appChoice} websiteUrl={websiteUrl} send={send} />
        )}
        {snapshot.hasTag('delivery') && <DeliveryStep serviceType={serviceType} send={send} />}
        {snapshot.hasTag('confirmation') && <ConfirmationStep service={service} choices={snapshot.context} />}
        <WizardActions snapshot={snapshot} send={send} />
      </form>
    </main>
  );
}

/**
 * After Next or Back (not on opening), brings the new step's top, its indicator first, into view when any of it is
 * above the screen or under the sticky top bar: Next pressed at the foot of a long step left the page scrolled
 * down. `scrollIntoView` stops under the bar (the page's scroll padding is the bar's height,
 * src/common/useTopBarHeight.ts). It animates only as the stylesheet's smooth scrolling does, which
 * prefers-reduced-motion turns off (src/styles/global.css). Focus stays on the button pressed.
 */
function useStepInView(step: number): RefObject<HTMLOListElement | null> {
  const indicator = useRef<HTMLOListElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const list = indicator.current;
    if (!list) return;
    const barBottom = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    const { top, bottom } = list.getBoundingClientRect();
    if (top < barBottom || bottom > window.innerHeight) list.scrollIntoView({ block: 'start' });
  }, [step]);
  return indicator;
}

/** The four steps, those behind done, the one shown current. */
function WizardSteps({ current, listRef }: { current: number; listRef: RefObject<HTMLOListElement | null> }) {
  return (
    <ol ref={listRef} className="wizard__steps" aria-label="Order steps">
      {STEPS.map((step, index) => (
        <li
          key={step.tag}
          className={index < current ? 'is-done' : index === current ? 'is-current' : undefined}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="wizard__number">{index + 1}</span> {step.label}
        </li>
      ))}
    </ol>
  );
}

function ReviewStep({ service }: { service: Service }) {
  return (
    <section aria-labelledby="step-title" className="wizard__review">
      <h2 id="step-title">Service Review</h2>
      <img src={service.imageURL} alt={`Illustration for ${service.title}`} width={800} height={500} />
      <div>
        <h3>{service.title}</h3>
        <p className="wizard__price">{formatPrice(service.price)}</p>
        <p>{service.description}</p>
        <ul>
          {service.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Whether there is a website or application to look at, and then which. */
function InformationStep({ appChoice, websiteUrl, send }: { appChoice: AppChoice; websiteUrl: string; send: Send }) {
  return (
    <fieldset className="wizard__choices">
      <legend id="step-title">Information</legend>
      <p className="wizard__hint">Do you already have a website or application we should look at?</p>
      {(
        [
          ['none', "I don't have an existing website or application"],
          ['existing', 'I have an existing website or application'],
        ] as [AppChoice, string][]
      ).map(([choice, label]) => (
        <label key={choice} className="wizard__choice">
          <input
            type="radio"
            name="app"
            checked={appChoice === choice}
            onChange={() => send({ type: 'wizard.chooseApp', choice })}
          />
          {label}
        </label>
      ))}
      {appChoice === 'existing' && (
        <div className="field">
          <label htmlFor="wizard-url">
            App URL <span className="field__required">*</span>
          </label>
          <input
            id="wizard-url"
            className="field__input"
            required
            placeholder="Your website URL or application name..."
            value={websiteUrl}
            onChange={(event) => send({ type: 'wizard.changeUrl', value: event.target.value })}
          />
        </div>
      )}
    </fieldset>
  );
}

function DeliveryStep({ serviceType, send }: { serviceType: ServiceType; send: Send }) {
  return (
    <fieldset className="wizard__choices">
      <legend id="step-title">Delivery</legend>
      <p className="wizard__hint">
        How would you like to receive your consultation? Each is delivered within one day after payment.
      </p>
      {SERVICE_TYPES.map((type) => (
        <label key={type} className="wizard__choice">
          <input
            type="radio"
            name="delivery"
            checked={serviceType === type}
            onChange={() => send({ type: 'wizard.chooseType', serviceType: type })}
          />
          {DELIVERY_LABELS[type]}
        </label>
      ))}
    </fieldset>
  );
}

/** The order as it will be placed; it stays on screen while the invoice is made and the browser leaves. */
function ConfirmationStep({
  service,
  choices,
}: {
  service: Service;
  choices: Parameters<typeof orderUrl>[0] & { serviceType: ServiceType };
}) {
  const { serviceType } = choices;
  return (
    <section aria-labelledby="step-title">
      <h2 id="step-title">Confirmation</h2>
      <dl className="wizard__summary">
        <dt>Service</dt>
        <dd>{service.title}</dd>
        <dt>Price</dt>
        <dd>{formatPrice(service.price)}</dd>
        <dt>Type</dt>
        <dd>{DELIVERY_LABELS[serviceType]}</dd>
        <dt>App URL</dt>
        <dd>{orderUrl(choices) || 'Not provided'}</dd>
      </dl>
    </section>
  );
}

/** Back (not on the first step), and Next, or on the last step Confirm & Checkout, busy while the invoice is made. */
function WizardActions({ snapshot, send }: { snapshot: SnapshotFrom<typeof wizardMachine>; send: Send }) {
  const busy = snapshot.hasTag('busy');
  return (
    <div className="wizard__actions">
      <button
        type="button"
        className="button button--outline"
        disabled={!snapshot.can({ type: 'wizard.back' })}
        onClick={() => send({ type: 'wizard.back' })}
      >
        Back
      </button>
      {snapshot.hasTag('confirmation') ? (
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner label="Creating your invoice" /> : 'Confirm & Checkout'}
        </button>
      ) : (
        <button type="submit" className="button button--primary" disabled={!snapshot.can({ type: 'wizard.next' })}>
          Next
        </button>
      )}
    </div>
  );
}
