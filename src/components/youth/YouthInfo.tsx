import { formatPrice } from '#domain/catalogue/price';
import './YouthInfo.css';

/** The programme budget of the youth project, in pounds (docs/product.md#screens). */
const budget: readonly { item: string; amount: number }[] = [
  { item: 'Training materials and software', amount: 1000 },
  { item: 'Trainer fees', amount: 2200 },
  { item: 'Laptops and cameras', amount: 1500 },
  { item: 'Venues', amount: 900 },
  { item: 'Travel and support', amount: 2000 },
  { item: 'Marketing', amount: 700 },
  { item: 'Project management', amount: 700 },
];

const budgetTotal = budget.reduce((sum, line) => sum + line.amount, 0);

const learning = [
  {
    title: 'Web foundations',
    text: 'HTML, CSS and JavaScript, building accessible, responsive pages and publishing them online.',
  },
  {
    title: 'Cloud and infrastructure basics',
    text: 'How networks, servers and cloud platforms fit together, and how to set up and look after them safely.',
  },
  {
    title: 'Cybersecurity awareness',
    text: 'Strong passwords and multi-factor authentication, spotting phishing, backups and keeping devices up to date.',
  },
  {
    title: 'Data skills',
    text: 'Cleaning and analysing data in spreadsheets, building simple dashboards and telling a clear story with numbers.',
  },
  {
    title: 'Digital content',
    text: 'Planning, filming and editing short videos and photos for a business, using the programme’s laptops and cameras.',
  },
  {
    title: 'Working in IT',
    text: 'Teamwork, agile project basics, talking to clients, writing a CV and preparing for interviews.',
  },
];

const phases = [
  {
    months: 'Months 1–2',
    title: 'Foundations',
    text: 'Weekly workshops on core digital skills, with every participant given a laptop and software to use throughout the programme.',
  },
  {
    months: 'Months 3–4',
    title: 'Specialise',
    text: 'Participants choose a track — web, infrastructure and security, or data and content — and work through guided exercises with a trainer.',
  },
  {
    months: 'Months 5–6',
    title: 'Real projects',
    text: 'Small teams deliver a real project for a local charity or small business, present their work and receive one-to-one careers support.',
  },
];

/** The information sections of the youth-training programme page; the application form lives elsewhere. */
export function YouthInfo() {
  return (
    <div className="youth-info">
      <ProgrammeLead />

      <section className="youth-info__section" aria-labelledby="youth-who-title">
        <h2 id="youth-who-title">Who can apply</h2>
        <p>You can apply if you:</p>
        <ul className="youth-info__checklist">
          <li>are aged between 18 and 30;</li>
          <li>live in the UK and have the right to take part in training here;</li>
          <li>are not currently in full-time education or in a full-time IT job;</li>
          <li>can attend sessions regularly for the full six months;</li>
          <li>are motivated to learn — no previous qualifications or experience are needed.</li>
        </ul>
        <p>
          We especially welcome applications from people who are under-represented in the technology sector. Tell us in
          your application why you want to join; there are no wrong answers.
        </p>
      </section>

      <section className="youth-info__section" aria-labelledby="youth-learn-title">
        <h2 id="youth-learn-title">What participants learn</h2>
        <ul className="youth-info__cards">
          {learning.map((topic) => (
            <li key={topic.title} className="youth-info__card">
              <h3>{topic.title}</h3>
              <p>{topic.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="youth-info__section" aria-labelledby="youth-how-title">
        <h2 id="youth-how-title">How it runs</h2>
        <p>
          Sessions take place two days a week in accessible local venues, with some online learning in between, so
          participants can combine the programme with part-time work or caring responsibilities. Travel costs are
          covered, and a dedicated coordinator is on hand throughout.
        </p>
        <ol className="youth-info__timeline">
          {phases.map((phase) => (
            <li key={phase.title} className="youth-info__phase">
              <p className="youth-info__phase-months">{phase.months}</p>
              <h3>{phase.title}</h3>
              <p>{phase.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <BudgetSection />
    </div>
  );
}

/** What the programme is, and its three facts at a glance. */
function ProgrammeLead() {
  return (
    <section className="youth-info__section youth-info__lead" aria-labelledby="youth-what-title">
      <h2 id="youth-what-title">What is the Youth Project?</h2>
      <p>
        The Youth Project is a free, 6-month digital skills training programme for young people aged 18 to 30. It is
        designed for people who are curious about technology but have not had the chance to study it or work in it, and
        it is taught by working IT professionals.
      </p>
      <ul className="youth-info__highlights" aria-label="Programme at a glance">
        <li>
          <span className="youth-info__highlight-value">6 months</span>
          <span>of part-time training</span>
        </li>
        <li>
          <span className="youth-info__highlight-value">18 to 30</span>
          <span>years old on the day you apply</span>
        </li>
        <li>
          <span className="youth-info__highlight-value">Free</span>
          <span>laptop and software provided</span>
        </li>
      </ul>
    </section>
  );
}

/** Where every pound of the budget goes, as a table with its total. */
function BudgetSection() {
  return (
    <section className="youth-info__section" aria-labelledby="youth-budget-title">
      <h2 id="youth-budget-title">Budget</h2>
      <p>The programme has a total budget of {formatPrice(budgetTotal)}. This is how every pound is spent.</p>
      <div className="youth-info__table-wrap">
        <table className="youth-info__table">
          <caption>Youth Project budget for the 6-month programme</caption>
          <thead>
            <tr>
              <th scope="col">Budget line</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {budget.map((line) => (
              <tr key={line.item}>
                <th scope="row">{line.item}</th>
                <td>{formatPrice(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{formatPrice(budgetTotal)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
