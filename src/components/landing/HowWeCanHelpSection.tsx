import { Link } from 'wouter';
import './HowWeCanHelpSection.css';
import { SectionLink } from '../SectionLink';

const ways = [
  {
    title: 'Plan with confidence',
    text: 'Before you commit budget to a new website, a cloud move or a software project, we test the plan, compare the options and give you a realistic view of cost, effort and risk.',
    icon: 'M4 19h16M6 15l4-4 3 3 5-6',
  },
  {
    title: 'Protect what you have built',
    text: 'We find the security gaps attackers look for first — weak passwords, missing updates, untested backups — and show you how to close them in order of risk.',
    icon: 'M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6z',
  },
  {
    title: 'Modernise without disruption',
    text: 'Ageing servers, tangled spreadsheets and forgotten licences slow you down. We map what you run today and chart a step-by-step route to something simpler and cheaper.',
    icon: 'M4 12a8 8 0 0 1 14-5.3M20 12a8 8 0 0 1-14 5.3M18 3v4h-4M6 21v-4h4',
  },
  {
    title: 'Deliver projects that land',
    text: 'When a project is drifting, we bring structure: a clear scope, an agreed way of working and the few measures that tell you honestly how close you are to done.',
    icon: 'M5 13l4 4L19 7',
  },
];

/** Landing-page block: the ways the company helps its customers. */
export function HowWeCanHelpSection() {
  return (
    <section id="how-we-can-help" className="help" aria-labelledby="help-title">
      <div className="help__inner">
        <header className="help__header">
          <h2 id="help-title">How We Can Help</h2>
          <p>
            Every organisation&rsquo;s technology is different, but the questions are often the same. These are the four
            ways our consultants most often make a difference.
          </p>
        </header>
        <ul className="help__list">
          {ways.map((way) => (
            <li key={way.title} className="help__item">
              <svg
                className="help__icon"
                viewBox="0 0 24 24"
                width="28"
                height="28"
                aria-hidden="true"
                focusable="false"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={way.icon} />
              </svg>
              <h3>{way.title}</h3>
              <p>{way.text}</p>
            </li>
          ))}
        </ul>
        <p className="help__cta">
          Not sure which service fits? <SectionLink section="services">Compare our services</SectionLink> or{' '}
          <Link href="/contact-us">send us a message</Link> and we will point you in the right direction.
        </p>
      </div>
    </section>
  );
}
