import { describe, expect, it } from 'vitest';
import { COMPANY_DEFAULTS, company, companyFrom } from '#domain/company';

describe('the company', () => {
  it('keeps its neutral defaults when the build sets nothing', () => {
    expect(companyFrom({})).toEqual(company);
    expect(company.supportEmail).toBe('support@northgate-consulting.example');
    expect(company.youthProjectEmail).toBe('youth@northgate-consulting.example');
    // No page of the company's own is known: the footer shows no social link rather than a network's front page.
    expect(company.social).toEqual({ linkedin: null, x: null, github: null });
  });

  it('takes the contact addresses and social links from the VITE_COMPANY_* variables', () => {
    const built = companyFrom({
      VITE_COMPANY_SUPPORT_EMAIL: 'help@acme.example',
      VITE_COMPANY_YOUTH_EMAIL: ' youth@acme.example ',
      VITE_COMPANY_LINKEDIN_URL: 'https://www.linkedin.com/company/acme',
      VITE_COMPANY_X_URL: 'https://x.com/acme',
      VITE_COMPANY_GITHUB_URL: 'https://github.com/acme',
    });
    expect(built.supportEmail).toBe('help@acme.example');
    expect(built.youthProjectEmail).toBe('youth@acme.example');
    expect(built.social).toEqual({
      linkedin: 'https://www.linkedin.com/company/acme',
      x: 'https://x.com/acme',
      github: 'https://github.com/acme',
    });
    expect(built.name).toBe(company.name);
  });

  it("takes no network's front page, nor anything but a web address, for the company's page", () => {
    const built = companyFrom({
      VITE_COMPANY_LINKEDIN_URL: 'https://www.linkedin.com/',
      VITE_COMPANY_X_URL: 'javascript:alert(1)//x.com/acme',
      VITE_COMPANY_GITHUB_URL: 'https://github.com//',
    });
    expect(built.social).toEqual({ linkedin: null, x: null, github: null });
    expect(companyFrom({ VITE_COMPANY_X_URL: 'http://x.com/acme?lang=en' }).social.x).toBe('http://x.com/acme?lang=en');
    expect(companyFrom({ VITE_COMPANY_X_URL: 'https://x.com?acme' }).social.x).toBeNull();
  });

  it('keeps the default where a variable is blank', () => {
    expect(companyFrom({ VITE_COMPANY_SUPPORT_EMAIL: '  ', VITE_COMPANY_X_URL: '' })).toEqual(companyFrom({}));
  });

  it('names every variable .env.example and docs/configuration.md list', async () => {
    const { readFile } = await import('node:fs/promises');
    const example = await readFile('.env.example', 'utf8');
    const docs = await readFile('docs/configuration.md', 'utf8');
    for (const name of Object.keys(COMPANY_DEFAULTS)) {
      expect(example).toContain(name);
      expect(docs).toContain(name);
    }
  });
});
