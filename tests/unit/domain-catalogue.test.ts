/**
 * The fixed catalogue (domain/catalogue/): the six services as docs/product.md#catalogue names them
 * (docs/product.md#catalogue), their long texts, and the lookups the pages and the server use.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serviceDetails } from '#domain/catalogue/details';
import { serviceSummaries, summariesByPrice } from '#domain/catalogue/summaries';

/**
 * services.ts joins each summary to its details when it loads, and throws when one has none. Imported inside a
 * test, so that a catalogue which cannot load fails a test rather than the file's collection (decision 0018).
 */
const loadServices = () => import('#domain/catalogue/services');

/** The six services, their prices and ids (docs/product.md#catalogue). */
const SPECIFIED = [
  ['webdevconsul', 'Website Development Consultation', 49],
  ['cloudmigrate', 'Cloud Migration Strategy', 59],
  ['cybersecurit', 'Cybersecurity Assessment', 79],
  ['dataanalytic', 'Data Analytics Strategy', 59],
  ['itinfraaudit', 'IT Infrastructure Audit', 69],
  ['softwarepmgt', 'Software Development Project Management', 59],
] as const;

describe('the service summaries', () => {
  it('are the six services of the specification, with their ids, titles and prices', () => {
    expect(serviceSummaries.map(({ id, title, price }) => [id, title, price])).toEqual(SPECIFIED);
    for (const { id } of serviceSummaries) expect(id).toMatch(/^[a-z]{12}$/);
  });

  it('each has a card text of one or two sentences', () => {
    const texts = new Set<string>();
    for (const { description } of serviceSummaries) {
      expect(description).toMatch(/^[A-Z][^\n]{40,200}\.$/);
      expect(description.split(/\. /).length).toBeLessThanOrEqual(2);
      texts.add(description);
    }
    expect(texts.size).toBe(serviceSummaries.length);
  });

  it("each card's picture is the service's own image in public/", () => {
    for (const { id, imageURL } of serviceSummaries) {
      expect(imageURL).toBe(`/images/services/${id}.svg`);
      expect(existsSync(`public${imageURL}`), imageURL).toBe(true);
    }
  });

  it('by price: cheapest first, the three at £59 by title', () => {
    // docs/product.md#catalogue: services ascending by price, equal prices by title.
    expect(summariesByPrice.map((service) => service.id)).toEqual([
      'webdevconsul',
      'cloudmigrate',
      'dataanalytic',
      'softwarepmgt',
      'itinfraaudit',
      'cybersecurit',
    ]);
  });
});

describe('the service details', () => {
  it('every service has details, and nothing else has', () => {
    expect(Object.keys(serviceDetails).sort()).toEqual(serviceSummaries.map((service) => service.id).sort());
  });

  it.each(Object.entries(serviceDetails))('%s: a long description in paragraphs', (_, detail) => {
    const paragraphs = detail.longDescription.split('\n\n');
    expect(paragraphs.length).toBeGreaterThanOrEqual(3);
    for (const paragraph of paragraphs) expect(paragraph).toMatch(/^[A-Z][^\n]{80,}\.$/);
  });

  it.each(Object.entries(serviceDetails))('%s: a list of distinct features', (_, detail) => {
    expect(detail.features.length).toBeGreaterThanOrEqual(5);
    for (const feature of detail.features) expect(feature).toMatch(/^[A-Z][^\n]{10,80}$/);
    expect(new Set(detail.features).size).toBe(detail.features.length);
  });
});

describe('the services', () => {
  it('load, each summary with its details', async () => {
    const { services } = await loadServices();
    expect(services.map((service) => service.id)).toEqual(serviceSummaries.map((summary) => summary.id));
    for (const [index, service] of services.entries()) {
      expect(service).toEqual({ ...serviceSummaries[index], ...serviceDetails[service.id] });
    }
  });

  it('by price, in the order of the summaries by price, with their details', async () => {
    const { servicesByPrice } = await loadServices();
    expect(servicesByPrice.map((service) => service.id)).toEqual(summariesByPrice.map((summary) => summary.id));
    for (const service of servicesByPrice) expect(service.features).toEqual(serviceDetails[service.id]?.features);
  });

  it('are found by id, exactly', async () => {
    const { findService, services } = await loadServices();
    for (const service of services) expect(findService(service.id)).toBe(service);
    expect(findService('cybersecurit')?.title).toBe('Cybersecurity Assessment');
    for (const unknown of ['', 'CYBERSECURIT', 'cybersecurit ', 'nosuchservic']) {
      expect(findService(unknown)).toBeUndefined();
    }
  });

  it('re-export the price format the pages show', async () => {
    const { formatPrice } = await loadServices();
    expect(formatPrice(59)).toBe('£59.00');
  });
});
