import { company } from '#domain/company';
import { formatPrice } from '#domain/catalogue/price';
import { serviceSummaries as services } from '#domain/catalogue/summaries';
import './AboutSection.css';

const lowestPrice = Math.min(...services.map((service) => service.price));

const facts = [
  { value: String(services.length), label: 'fixed-price consultations' },
  { value: formatPrice(lowestPrice), label: 'starting price, all-inclusive' },
  { value: '1 day', label: 'from payment to delivery' },
  { value: 'Hours', label: 'not days, to hear back from support' },
];

const values = [
  {
    title: 'Plain English',
    text: 'We explain technology in the language of your business, so every recommendation is clear enough to act on.',
  },
  {
    title: 'Vendor-neutral',
    text: 'We sell advice, not licences or hardware. Our only interest is the option that is right for you.',
  },
  {
    title: 'Fixed, fair prices',
    text: 'You know the full price before you start. No day rates, no open-ended retainers, no surprise invoices.',
  },
  {
    title: 'Secure by default',
    text: 'Security, privacy and UK GDPR are part of every recommendation we make, not an afterthought.',
  },
];

/** Landing-page block: who the company is, in numbers and values. */
export function AboutSection() {
  return (
    <section id="about" className="about" aria-labelledby="about-title">
      <div className="about__inner">
        <div className="about__intro">
          <p className="about__eyebrow">About us</p>
          <h2 id="about-title">About {company.name}</h2>
          <p>
            {company.name} is an independent IT consultancy that helps small and medium-sized organisations make
            confident technology decisions. Our consultants have spent years designing websites, running cloud
            platforms, securing networks, building data pipelines and leading software teams, and we bring that
            experience to businesses that need senior advice without the cost of a large consulting engagement.
          </p>
          <p>
            Instead of long proposals and day rates, we offer focused consultations at a fixed price. You tell us where
            you are and where you want to be; we give you a clear, practical plan to get there.
          </p>
        </div>
        <ul className="about__facts" aria-label="At a glance">
          {facts.map((fact) => (
            <li key={fact.label} className="about__fact">
              <span className="about__fact-value">{fact.value}</span>
              <span className="about__fact-label">{fact.label}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="about__values">
        <h3 className="about__values-title">What we stand for</h3>
        <ul className="about__values-list">
          {values.map((value) => (
            <li key={value.title} className="about__value">
              <h4>{value.title}</h4>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
