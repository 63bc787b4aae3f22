/** Reading a built mail's words, for the wording tests: its plain text line by line, and its HTML as words. */
import { expect } from 'vitest';
import type { MailMessage } from '#server/mail/mailer';

/** The HTML's words: tags dropped, entities read, white space collapsed. */
export function htmlWords(message: MailMessage): string {
  return message.html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The plain text is exactly `lines`; the HTML says each of `sentences`. */
export function expectWords(message: MailMessage, lines: string[], sentences: string[]): void {
  expect(message.text.split('\n')).toEqual(lines);
  const words = htmlWords(message);
  for (const sentence of sentences) expect(words).toContain(sentence);
}
