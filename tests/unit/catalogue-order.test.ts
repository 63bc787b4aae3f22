import { describe, expect, it } from 'vitest';
import { serviceSummaries, summariesByPrice } from '#domain/catalogue/summaries';

describe('the services by price', () => {
  it('lists every service once, cheapest first', () => {
    expect(new Set(summariesByPrice.map((service) => service.id))).toEqual(
      new Set(serviceSummaries.map((service) => service.id)),
    );
    const prices = summariesByPrice.map((service) => service.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('orders equal prices by title as English collation does', () => {
    const collated = [...serviceSummaries].sort((a, b) => a.price - b.price || a.title.localeCompare(b.title, 'en'));
    expect(summariesByPrice.map((service) => service.id)).toEqual(collated.map((service) => service.id));
    // The catalogue does have equal prices, so the title order is exercised.
    expect(new Set(summariesByPrice.map((service) => service.price)).size).toBeLessThan(summariesByPrice.length);
  });
});
