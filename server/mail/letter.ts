/**
 * The frame every message to a person shares: "Hello <name>," above the body and the company's signature
 * below it in the text, the same greeting in the HTML layout. Each message writes only what is its own.
 */
import { company } from '#domain/company';
import { html, layout, type SafeHtml } from './html';
import type { MailMessage } from './mailer';

export const signature = `— ${company.name}`;

export type Row = [label: string, value: string];

/** Labelled facts as an HTML table (the text half lists them as "Label: value" lines, see `textRows`). */
export function table(rows: Row[]): SafeHtml {
  return html`<table style="border-collapse:collapse">
    ${rows
      .map(
        ([label, value]) =>
          html`<tr>
            <th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${label}</th>
            <td style="padding:4px 0">${value}</td>
          </tr>`,
      )
      .reduce((all, row) => html`${all}${row}`, html``)}
  </table>`;
}

export function textRows(rows: Row[]): string[] {
  return rows.map(([label, value]) => `${label}: ${value}`);
}

/**
 * A message to one named person. `text` is the body's lines without greeting or signature; `body` is the
 * same in HTML. Anything else a message carries (a calendar, attachments) passes through `extra`.
 */
export function letter(
  /** `name` null: a greeting without one, for an address not yet proven to be the account's. */
  p: { to: string; name: string | null; subject: string; text: string[]; body: SafeHtml },
  extra: Pick<MailMessage, 'calendar' | 'attachments'> = {},
): MailMessage {
  const greeting = p.name === null ? 'Hello,' : `Hello ${p.name},`;
  return {
    to: p.to,
    subject: p.subject,
    text: [greeting, '', ...p.text, '', signature].join('\n'),
    html: layout(
      p.subject,
      html`<p>${greeting}</p>
        ${p.body}`,
    ),
    ...extra,
  };
}
