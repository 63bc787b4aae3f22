/** The company's identity: one place, neutral defaults. Imported by the client and the server. */
export const company = {
  name: 'Northgate IT Consulting',
  shortName: 'Northgate',
  supportEmail: 'support@northgate-consulting.example',
  /** Where applications to the youth-training programme go. */
  youthProjectEmail: 'youth@northgate-consulting.example',
  mailFrom: 'Northgate IT Consulting <no-reply@northgate-consulting.example>',
  /** Where the company works: call times are stated to customers and the office in this zone (IANA name). */
  timeZone: 'Europe/London',
  social: {
    linkedin: 'https://www.linkedin.com/',
    x: 'https://x.com/',
    github: 'https://github.com/',
  },
} as const;
