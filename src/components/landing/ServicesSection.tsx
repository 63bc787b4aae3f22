import { Link } from 'wouter';
import { formatPrice } from '#domain/catalogue/price';
import { summariesByPrice as servicesByPrice } from '#domain/catalogue/summaries';
import './ServicesSection.css';

/** Landing-page block: the six services as cards, ascending by price (docs/product.md#catalogue). */
export function ServicesSection() {
  return (
    <section id="services" className="services" aria-labelledby="services-title">
      <div className="services__inner">
        <header className="services__header">
          <h2 id="services-title">Our Services</h2>
          <p>
            Six focused consultations, each at a fixed price and delivered within one day after payment by video
            meeting, audio call or a PDF report.
          </p>
        </header>
        <ul className="services__grid">
          {servicesByPrice.map((service) => {
            const titleId = `service-${service.id}-title`;
            return (
              <li key={service.id} className="service-card" data-testid="service-card">
                <img
                  className="service-card__image"
                  src={service.imageURL}
                  alt={`Illustration for ${service.title}`}
                  width={800}
                  height={500}
                  loading="lazy"
                  decoding="async"
                />
                <div className="service-card__body">
                  <h3 id={titleId} className="service-card__title">
                    {service.title}
                  </h3>
                  <p className="service-card__description">{service.description}</p>
                  <div className="service-card__footer">
                    <p className="service-card__price">
                      <span className="service-card__price-label">Fixed price</span>
                      <span className="service-card__price-value">{formatPrice(service.price)}</span>
                    </p>
                    <Link
                      href={`/service/${service.id}/details`}
                      className="button button--primary service-card__link"
                      aria-describedby={titleId}
                    >
                      View details
                    </Link>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
