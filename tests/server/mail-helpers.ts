/**
 * A real SMTP server on loopback (smtp-server, no TLS, no authentication) that keeps every message it
 * receives, and a small MIME reader for what nodemailer sends: headers (encoded words decoded), and the
 * text/plain and text/html parts (quoted-printable or base64 decoded). Codes are read from the raw mail.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { SIGN_UP_VERIFICATION_SUBJECT } from '#server/mail/messages';

export interface ReceivedMail {
  /** The SMTP envelope's recipients. */
  rcptTo: string[];
  raw: string;
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  /** The decoded text/plain part, or '' when there is none. */
  text: string;
  /** The decoded text/html part, or '' when there is none. */
  html: string;
  /** Content types of the leaf parts, e.g. ['text/plain', 'text/html']. */
  partTypes: string[];
  /** Every leaf part: its type, headers, file name (attachments) and decoded bytes. */
  parts: MailPart[];
}

export interface MailPart {
  type: string;
  /** Parameters of the Content-Type, e.g. { method: 'REQUEST', charset: 'utf-8' }. */
  typeParameters: Record<string, string>;
  headers: Record<string, string>;
  /** From Content-Disposition's or Content-Type's name parameter; null when the part has none. */
  filename: string | null;
  bytes: Buffer;
  /** The bytes as UTF-8 text. */
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const char = soft[i]!;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** A part's body as bytes (base64 attachments are binary; the raw mail was read as latin1 for them). */
function decodeBytes(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(decodeQuotedPrintable(body), 'utf8');
    default:
      return Buffer.from(body, 'utf8');
  }
}

/** `text/calendar; charset=utf-8; method=REQUEST` → { charset: 'utf-8', method: 'REQUEST' }. */
function headerParameters(value: string): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const piece of value.split(';').slice(1)) {
    const equals = piece.indexOf('=');
    if (equals > 0)
      parameters[piece.slice(0, equals).trim().toLowerCase()] = piece
        .slice(equals + 1)
        .trim()
        .replace(/^"|"$/g, '');
  }
  return parameters;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as in a subject with "£". */
function decodeHeaderValue(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function leafParts(raw: string): Array<{ type: string; content: string; part: MailPart }> {
  const { headers, body } = splitHeaders(raw);
  const contentType = headers['content-type'] ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => leafParts(part.replace(/^\r?\n/, '')));
  }
  const encoding = headers['content-transfer-encoding'];
  const typeParameters = headerParameters(contentType);
  const disposition = headerParameters(headers['content-disposition'] ?? '');
  const bytes = decodeBytes(body, encoding);
  const part: MailPart = {
    type,
    typeParameters,
    headers,
    filename: disposition.filename ?? typeParameters.name ?? null,
    bytes,
    text: bytes.toString('utf8'),
  };
  return [{ type, content: decodeBody(body, encoding), part }];
}

function parseMail(raw: string, rcptTo: string[] = []): ReceivedMail {
  const { headers } = splitHeaders(raw);
  const parts = leafParts(raw);
  const decoded = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, decodeHeaderValue(value)]));
  return {
    rcptTo,
    raw,
    headers: decoded,
    from: decoded.from ?? '',
    to: decoded.to ?? '',
    subject: decoded.subject ?? '',
    text: parts.find((part) => part.type === 'text/plain')?.content ?? '',
    html: parts.find((part) => part.type === 'text/html')?.content ?? '',
    partTypes: parts.map((part) => part.type),
    parts: parts.map(({ part }) => part),
  };
}

/** The six-digit code in a message's text (it is the only six-digit number on a line of its own). */
export function codeIn(mail: ReceivedMail): string {
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail "${mail.subject}":\n${mail.text}`);
  return code;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Every message received but the verification mail each sign-up sends. */
  messages: ReceivedMail[];
  /** The verification mails of sign-ups, kept apart from `messages`. */
  signUps: ReceivedMail[];
  /** Messages whose envelope names `address`. */
  to(address: string): ReceivedMail[];
  /** Resolves with the `count`-th message to `address` (1-based), waiting for it to arrive. */
  waitFor(address: string, count?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback; `port` to bring one back where an earlier one stood (0: any free port). */
export async function startMailCatcher(port = 0): Promise<MailCatcher> {
  const messages: ReceivedMail[] = [];
  const signUpMails: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const rcptTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), rcptTo);
        // Every e-mail sign-up is mailed a verification code (tests/server/register-verification.test.ts checks
        // it): kept apart, so that each test reads the mails its own steps send, in their order.
        (mail.subject === SIGN_UP_VERIFICATION_SUBJECT ? signUpMails : messages).push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.server.address() as AddressInfo).port;
  const to = (address: string) => messages.filter((mail) => mail.rcptTo.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${listening}`,
    messages,
    signUps: signUpMails,
    to,
    async waitFor(address, count = 1, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (to(address).length < count) {
        if (Date.now() > deadline) throw new Error(`no message #${count} to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return to(address)[count - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every message the server sends has both bodies and comes from the company. */
export function expectWellFormed(mail: ReceivedMail, from: string): void {
  expect(mail.from).toBe(from);
  expect(mail.partTypes).toEqual(expect.arrayContaining(['text/plain', 'text/html']));
  expect(mail.text.trim()).not.toBe('');
  expect(mail.html).toMatch(/^<!doctype html>/i);
}

/** Waits a moment for background sends, so that "nothing was sent" is a real observation. */
export function settle(ms = 150): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
