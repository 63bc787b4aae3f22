import { useMachine } from '@xstate/react';
import { useLocation, useParams } from 'wouter';
import { useAppActors } from '../common/AppActorsContext';
import { useAuth, usePageMeta } from '../common/hooks';
import { findService, formatPrice, type Service } from '#domain/catalogue/services';
import { Spinner } from '../components/Spinner';
import './ServiceDetails.css';
import { notFoundPage } from '#domain/fixedPages';
import { serviceDetailsPage } from '#domain/pages';
import { wireServiceDetails } from './ServiceDetails.wiring';

const deliveries = [
  { title: 'Video meeting', text: 'A live session with a consultant, booked within one day after payment.' },
  { title: 'Audio call', text: 'A phone call at a time that suits you, within one day after payment.' },
  { title: 'PDF by e-mail', text: 'A written report sent to your e-mail address within one day after payment.' },
];

/**
 * The service detail page (docs/product.md#screens): a 3 s spinner, then the service; an unknown id goes to
 * /not-found.
 */
export default function ServiceDetails() {
  const { serviceId = '' } = useParams<{ serviceId: string }>();
  const service = findService(serviceId);
  const { inspect } = useAppActors();
  const [, navigate] = useLocation();
  const [snapshot] = useMachine(wireServiceDetails({ goNotFound: () => navigate('/not-found', { replace: true }) }), {
    input: { known: Boolean(service) },
    inspect,
  });
  usePageMeta(service ? serviceDetailsPage(service) : notFoundPage);

  if (!service || snapshot.hasTag('missing')) return null;
  if (!snapshot.hasTag('shown')) {
    return (
      <main className="page page--center service-loading">
        <Spinner label={`Loading ${service.title}`} />
      </main>
    );
  }
  return <ServiceView service={service} />;
}

function ServiceView({ service }: { service: Service }) {
  const { signedIn } = useAuth();
  const [, navigate] = useLocation();
  return (
    <main className="page service">
      <div className="service__intro">
        <img
          className="service__image"
          src={service.imageURL}
          alt={`Illustration for ${service.title}`}
          width={800}
          height={500}
        />
        <div>
          <h1>{service.title}</h1>
          <p className="service__price" aria-label={`Price ${formatPrice(service.price)}`}>
            {formatPrice(service.price)}
          </p>
          {service.longDescription.split('\n\n').map((paragraph) => (
            <p key={paragraph.slice(0, 24)}>{paragraph}</p>
          ))}
          <button
            type="button"
            className="button button--primary button--large"
            onClick={() => navigate(signedIn ? `/service/${service.id}/request` : '/signin')}
          >
            Let's go!
          </button>
        </div>
      </div>
      <section className="service__features" aria-labelledby="features-title">
        <h2 id="features-title">What's included</h2>
        <ul>
          {service.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </section>
      <section className="service__provide" aria-labelledby="provide-title">
        <h2 id="provide-title">What we provide here?</h2>
        <div className="service__deliveries">
          {deliveries.map((delivery) => (
            <article key={delivery.title} className="service__delivery">
              <h3>{delivery.title}</h3>
              <p>{delivery.text}</p>
            </article>
          ))}
        </div>
      </section>
    </main>
  );
}
