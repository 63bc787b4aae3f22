/**
 * The company's identity: one place, neutral defaults. Imported by the client and the server.
 *
 * The contact addresses and social links are the deployment's own: set at build time through the VITE_COMPANY_*
 * variables (docs/configuration.md#the-company-and-the-content), read here and nowhere else. Vite writes them into
 * both bundles (client and server), so the site and its mails say the same; a blank or unset one keeps the default.
 */

/** The variables a build may set, and the default each one replaces. */
export const COMPANY_DEFAULTS = {
  VITE_COMPANY_SUPPORT_EMAIL: 'support@northgate-consulting.example',
  VITE_COMPANY_YOUTH_EMAIL: 'youth@northgate-consulting.example',
  VITE_COMPANY_LINKEDIN_URL: 'https://www.linkedin.com/',
  VITE_COMPANY_X_URL: 'https://x.com/',
  VITE_COMPANY_GITHUB_URL: 'https://github.com/',
} as const;

export type CompanyVariable = keyof typeof COMPANY_DEFAULTS;

/** The company as a build with these variables describes it. */
export function companyFrom(env: Partial<Record<string, string | undefined>>) {
  const read = (name: CompanyVariable): string => env[name]?.trim() || COMPANY_DEFAULTS[name];
  return {
    name: 'Northgate IT Consulting',
    shortName: 'Northgate',
    supportEmail: read('VITE_COMPANY_SUPPORT_EMAIL'),
    /** Where applications to the youth-training programme go. */
    youthProjectEmail: read('VITE_COMPANY_YOUTH_EMAIL'),
    mailFrom: 'Northgate IT Consulting <no-reply@northgate-consulting.example>',
    /** Where the company works: call times are stated to customers and the office in this zone (IANA name). */
    timeZone: 'Europe/London',
    social: {
      linkedin: read('VITE_COMPANY_LINKEDIN_URL'),
      x: read('VITE_COMPANY_X_URL'),
      github: read('VITE_COMPANY_GITHUB_URL'),
    },
  } as const;
}

/**
 * The build's variables: Vite replaces `import.meta.env` in both bundles; where nothing does (a script run by
 * tsx), there is none and the defaults hold.
 */
const buildEnv = (import.meta as { env?: Partial<Record<string, string | undefined>> }).env ?? {};

export const company = companyFrom(buildEnv);
