import './DiscoverSection.css';

const steps = [
  {
    title: 'Pick a service',
    text: 'Browse our six fixed-price consultations and open the one that fits your challenge to see exactly what it covers.',
  },
  {
    title: 'Tell us about your project',
    text: 'Let us know whether you already have a website or application and, if so, its address or name, so we can prepare.',
  },
  {
    title: 'Choose how we deliver',
    text: 'A video meeting, an audio call, or a written PDF report sent to your e-mail — whichever suits the way you work.',
  },
  {
    title: 'Pay securely',
    text: 'Confirm your order and pay the fixed price on our payment provider’s secure page. Your invoice appears in your account.',
  },
  {
    title: 'We deliver within one day',
    text: 'A consultant gets to work straight away and delivers your consultation within one day after payment.',
  },
];

/** Landing-page block: how an engagement works, step by step. */
export function DiscoverSection() {
  return (
    <section id="discover" className="discover" aria-labelledby="discover-title">
      <div className="discover__inner">
        <header className="discover__header">
          <p className="discover__eyebrow">Discover</p>
          <h2 id="discover-title">Discover how it works</h2>
          <p>
            No lengthy proposals, no waiting weeks for a kick-off meeting. Getting expert advice takes five simple
            steps, and most customers go from first click to a finished consultation within a day.
          </p>
        </header>
        <ol className="discover__steps">
          {steps.map((step, index) => (
            <li key={step.title} className="discover__step">
              <span className="discover__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
