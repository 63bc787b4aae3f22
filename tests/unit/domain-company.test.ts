/**
 * The company's identity (domain/company.ts) beyond tests/unit/company.test.ts: the fixed names, and the edges of
 * what a social link must be to be shown (docs/configuration.md#the-company-and-the-content).
 */
import { describe, expect, it } from 'vitest';
import { companyFrom } from '#domain/company';

const linkedin = (url: string) => companyFrom({ VITE_COMPANY_LINKEDIN_URL: url }).social.linkedin;

describe('the company', () => {
  it('has its fixed names, sender and time zone whatever the build sets', () => {
    const built = companyFrom({ VITE_COMPANY_SUPPORT_EMAIL: 'help@acme.example' });
    expect(built.name).toBe('Northgate IT Consulting');
    expect(built.shortName).toBe('Northgate');
    expect(built.mailFrom).toBe('Northgate IT Consulting <no-reply@northgate-consulting.example>');
    // docs/product.md#orders: call times are stated in the company's time zone, London's.
    expect(built.timeZone).toBe('Europe/London');
  });
});

describe("a network's page of the company's own", () => {
  it('is a whole web address: nothing before its scheme, no space inside', () => {
    expect(linkedin('javascript:https://www.linkedin.com/company/acme')).toBeNull();
    expect(linkedin('xhttps://www.linkedin.com/company/acme')).toBeNull();
    expect(linkedin('https://www.linkedin.com/company/acme and more')).toBeNull();
    expect(linkedin('https://www.linkedin.com/company/acme\tmore')).toBeNull();
    expect(linkedin('ftp://www.linkedin.com/company/acme')).toBeNull();
  });

  it('takes http and https in any case, a query and a fragment', () => {
    expect(linkedin('HTTPS://www.linkedin.com/company/acme')).toBe('HTTPS://www.linkedin.com/company/acme');
    expect(linkedin('http://linkedin.com/in/a')).toBe('http://linkedin.com/in/a');
    // A path of one character, then a query or a fragment: still the company's page.
    expect(linkedin('https://github.com/a?tab=repositories')).toBe('https://github.com/a?tab=repositories');
    expect(linkedin('https://github.com/a#readme')).toBe('https://github.com/a#readme');
    expect(linkedin('https://github.com/acme/')).toBe('https://github.com/acme/');
  });

  it("is none for a network's front page, however written", () => {
    for (const front of ['https://github.com', 'https://github.com/', 'https://github.com/?tab=x', 'https://x.com#a']) {
      expect(linkedin(front)).toBeNull();
    }
  });
});
