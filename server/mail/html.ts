/** The HTML half of every message: one small, inline-styled layout, with every inserted value escaped. */
import { company } from '#domain/company';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For any value that reaches HTML: names, titles, URLs and addresses are the customer's own text. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** Marks a string as HTML already; everything else passed to `html` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** A tagged template that escapes every interpolated value unless it is SafeHtml. */
export function html(strings: TemplateStringsArray, ...values: Array<string | number | SafeHtml>): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += value instanceof SafeHtml ? value.value : escapeHtml(String(value));
    out += strings[index + 1]!;
  });
  return new SafeHtml(out);
}

/** The whole document: a heading, the message's paragraphs, and the company's footer. */
export function layout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>${title}</title>
      </head>
      <body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
        <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
          <h1 style="font-size:20px;margin:0 0 16px">${title}</h1>
          ${body}
          <p style="margin-top:32px;font-size:12px;color:#616e7c">${company.name} · ${company.supportEmail}</p>
        </div>
      </body>
    </html> `.value;
}
