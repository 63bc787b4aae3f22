/**
 * The company's identity: one place, neutral defaults. Imported by the client and the server.
 *
 * The contact addresses and social links are the deployment's own: set at build time through the VITE_COMPANY_*
 * variables (docs/configuration.md#the-company-and-the-content), read here and nowhere else. Vite writes them into
 * both bundles (client and server), so the site and its mails say the same; a blank or unset one keeps the default.
 * A social link has none: the footer leaves out a network whose page is not set, rather than link its front page.
 */

/** The variables a build may set, and the default each one replaces. */
export const COMPANY_DEFAULTS = {
  VITE_COMPANY_SUPPORT_EMAIL: 'support@northgate-consulting.example',
  VITE_COMPANY_YOUTH_EMAIL: 'youth@northgate-consulting.example',
  VITE_COMPANY_LINKEDIN_URL: '',
  VITE_COMPANY_X_URL: '',
  VITE_COMPANY_GITHUB_URL: '',
} as const;

export type CompanyVariable = keyof typeof COMPANY_DEFAULTS;

/**
 * A page of the company's own on a network, or null: unset, not a web address, or only the network's front page
 * (no path), which says nothing of the company.
 */
function ownPage(value: string): string | null {
  // No URL class here: domain/ sees neither the DOM's types nor Node's (tsconfig.core.json).
  const page = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?(?:[?#]\S*)?$/i.exec(value);
  return page && (page[1] ?? '').replace(/\/+$/, '') !== '' ? value : null;
}

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
    /** The company's own page on each network; null: none set, and the footer leaves that network out. */
    social: {
      linkedin: ownPage(read('VITE_COMPANY_LINKEDIN_URL')),
      x: ownPage(read('VITE_COMPANY_X_URL')),
      github: ownPage(read('VITE_COMPANY_GITHUB_URL')),
    },
  } as const;
}

/**
 * The build's variables: Vite replaces `import.meta.env` in both bundles; where nothing does (a script run by
 * tsx), there is none and the defaults hold.
 */
const buildEnv = (import.meta as { env?: Partial<Record<string, string | undefined>> }).env ?? {};

export const company = companyFrom(buildEnv);
