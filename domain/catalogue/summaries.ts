/**
 * What the landing page's service cards need: kept apart from the long texts (details.ts), so that the
 * landing page's first download stays small. Free of React, Vite and DOM: the server imports it too.
 */

export interface ServiceSummary {
  /** A 12-character identifier used in routes (/service/{id}/details) and invoices. */
  id: string;
  title: string;
  /** One or two sentences for the service card. */
  description: string;
  /** Fixed price in pounds sterling. */
  price: number;
  imageURL: string;
}

export const serviceSummaries: readonly ServiceSummary[] = Object.freeze([
  {
    id: 'webdevconsul',
    title: 'Website Development Consultation',
    description:
      'An expert review of your website plans or existing site, with a clear, prioritised route to a faster, more accessible and easier-to-maintain web presence.',
    price: 49,
    imageURL: '/images/services/webdevconsul.svg',
  },
  {
    id: 'cloudmigrate',
    title: 'Cloud Migration Strategy',
    description:
      'A practical plan for moving your applications and data to the cloud, covering the right provider, the order of migration, cost and risk.',
    price: 59,
    imageURL: '/images/services/cloudmigrate.svg',
  },
  {
    id: 'cybersecurit',
    title: 'Cybersecurity Assessment',
    description:
      "An independent look at your organisation's security posture, with the gaps that matter most and the steps to close them.",
    price: 79,
    imageURL: '/images/services/cybersecurit.svg',
  },
  {
    id: 'dataanalytic',
    title: 'Data Analytics Strategy',
    description:
      'Turn scattered spreadsheets and systems into reliable reporting, with a roadmap for the data, tools and skills your decisions need.',
    price: 59,
    imageURL: '/images/services/dataanalytic.svg',
  },
  {
    id: 'itinfraaudit',
    title: 'IT Infrastructure Audit',
    description:
      'A thorough check of your network, devices, servers and licences, showing what is ageing, at risk or costing more than it should.',
    price: 69,
    imageURL: '/images/services/itinfraaudit.svg',
  },
  {
    id: 'softwarepmgt',
    title: 'Software Development Project Management',
    description:
      'Guidance to get a software project back on track or started right: scope, delivery approach, team roles and realistic timelines.',
    price: 59,
    imageURL: '/images/services/softwarepmgt.svg',
  },
] satisfies ServiceSummary[]);

/**
 * Ascending by price; equal prices are ordered by title so the order is stable everywhere. The titles are compared
 * as plain text, not with `localeCompare`: for these titles the order is the same (tests/unit/catalogue-order.test.ts),
 * and a collator costs every page about 100 ms of a phone's CPU before its first paint (docs/performance.md).
 */
const byTitle = (a: ServiceSummary, b: ServiceSummary) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0);
export const summariesByPrice: readonly ServiceSummary[] = Object.freeze(
  [...serviceSummaries].sort((a, b) => a.price - b.price || byTitle(a, b)),
);
