/**
 * Every time the mails state is on the company's clock, said one way: "… at 14:00 BST (London time)", never
 * "UTC" in one mail and London time in another (docs/product.md#orders).
 */
import { describe, expect, it } from 'vitest';
import { formatLongDate } from '#server/mail/messages';
import { securityNoticeMail } from '#server/mail/security-notices';
import { formatCallTime, formatCompanyDate, formatCompanyTime } from '#server/mail/time';

const notice = (at: Date) =>
  securityNoticeMail({
    to: 'ada@example.test',
    name: 'Ada',
    change: { kind: 'password_reset', removed: [] },
    at,
    publicUrl: 'https://site.example',
  });

describe('times in the mails', () => {
  it('the password-reset notice states the time in London time, as the order mails do', () => {
    const summer = notice(new Date('2026-06-10T13:00:00Z'));
    expect(summer.text).toContain('(Wednesday, 10 June 2026 at 14:00 BST (London time))');
    expect(summer.html).toContain('Wednesday, 10 June 2026 at 14:00 BST (London time)');
    const winter = notice(new Date('2026-11-23T09:41:00Z'));
    expect(winter.text).toContain('(Monday, 23 November 2026 at 09:41 GMT (London time))');
    for (const mail of [summer, winter]) {
      expect(mail.text).not.toContain('UTC');
      expect(mail.html).not.toContain('UTC');
    }
  });

  it('a call and any other moment read the same', () => {
    const at = new Date('2026-06-10T13:00:00Z');
    expect(formatCallTime(at)).toBe(formatCompanyTime(at));
  });

  it('a date is the day on the company calendar: after 23:00 UTC in summer it is already the next day', () => {
    expect(formatCompanyDate(new Date('2026-06-30T23:30:00Z'))).toBe('1 July 2026');
    expect(formatLongDate(new Date('2026-06-30T23:30:00Z'))).toBe('1 July 2026');
    expect(formatLongDate(new Date('2026-12-31T23:30:00Z'))).toBe('31 December 2026');
  });
});
