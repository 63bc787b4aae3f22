/**
 * Outgoing mail. Every message has a plain-text and an HTML body and comes from `company.mailFrom`.
 * With SMTP_URL set it goes out through nodemailer over SMTP; without it, each message is written as one
 * JSON file to DATA_DIR/outbox (read it with `npm run outbox`), so development needs no mail server.
 * Routes get the `Mailer` from their services, so tests can point it at a real SMTP server on loopback.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import { company } from '#domain/company';
import { type Clock, systemClock } from '../clock';
import type { Config } from '../config';

/** A file sent with a message (the report PDF). */
interface MailAttachment {
  /** A plain, safe name: it is shown to the recipient and saved as is. */
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/**
 * The iTIP method of a calendar file (RFC 5546): REQUEST invites (a booking, and each move of it), CANCEL takes
 * the event out of the customer's calendar, PUBLISH is a plain file to add (the invoice page's download).
 */
export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

/**
 * A calendar invitation (iCalendar text): sent as a text/calendar alternative, which mail programs show as
 * an invitation with Accept and Decline, and as an .ics attachment for those that do not (nodemailer's
 * `icalEvent`).
 */
export interface MailCalendar {
  /**
   * The METHOD the file was written with. The sender does not trust it: the MIME part's `method=` is read from
   * `content` itself (calendarMethodOf), so a header that says REQUEST over a body that cancels cannot happen.
   */
  method?: CalendarMethod;
  filename: string;
  content: string;
}

/**
 * The METHOD line of an iCalendar text, for the MIME part's `method=` parameter (RFC 6047 §2.4: the two must
 * be the same); PUBLISH when it has none, as nodemailer would say.
 */
export function calendarMethodOf(content: string): string {
  const line = content.split('\n').find((text) => text.startsWith('METHOD:'));
  return line?.slice('METHOD:'.length).trim().toUpperCase() || 'PUBLISH';
}

export interface MailMessage {
  /** The queue's id (server/mail/queue.ts), sent as the Message-ID: a retried message is the same message. */
  id?: string;
  to: string;
  /** Where a reply goes (the sender of a contact form), when not to us. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  calendar?: MailCalendar;
}

/**
 * One message as the outbox keeps it: an attachment by its name, type and size only (a JSON file is no place
 * for a 10 MB PDF), the calendar invitation whole (a few hundred bytes, and worth reading in development).
 */
export interface OutboxMessage extends Omit<MailMessage, 'attachments'> {
  from: string;
  /** ISO time the message was written. */
  date: string;
  attachments?: Array<{ filename: string; contentType: string; size: number }>;
}

export interface Mailer {
  /** Resolves once the message is accepted by the SMTP server (or written to the outbox). */
  send(message: MailMessage): Promise<void>;
  /** Closes pooled connections, if any. */
  close(): void;
}

const OUTBOX_DIR = 'outbox';

/** The right-hand side of our Message-IDs: the domain of our From address, `Name <user@domain>`. */
function mailDomain(): string {
  return company.mailFrom.slice(company.mailFrom.indexOf('@') + 1, -1);
}

export function outboxDir(dataDir: string): string {
  return join(dataDir, OUTBOX_DIR);
}

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'DATA_DIR'>, clock: Clock = systemClock): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, clock)
    : createOutboxMailer(outboxDir(config.DATA_DIR), clock);
}

export function createSmtpMailer(url: string, clock: Clock = systemClock): Mailer {
  // nodemailer is loaded with the first message, not at start (docs/performance.md).
  let transporter: Promise<Transporter> | undefined;
  const transport = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        // A mail server that does not answer must not hold a request (or a background send) for minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ));
  return {
    async send({ id, attachments, calendar, ...message }) {
      await (
        await transport()
      ).sendMail({
        from: company.mailFrom,
        date: clock.now(),
        ...(id ? { messageId: `<${id}@${mailDomain()}>` } : {}),
        ...message,
        ...(attachments
          ? {
              attachments: attachments.map(({ filename, contentType, content }) => ({
                filename,
                contentType,
                content: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
              })),
            }
          : {}),
        ...(calendar
          ? {
              icalEvent: {
                filename: calendar.filename,
                content: calendar.content,
                method: calendarMethodOf(calendar.content),
              },
            }
          : {}),
      });
    },
    close() {
      void transporter?.then((opened) => opened.close());
    },
  };
}

export function createOutboxMailer(dir: string, clock: Clock = systemClock): Mailer {
  return {
    async send({ attachments, ...message }) {
      const date = clock.now().toISOString();
      const stored: OutboxMessage = {
        ...message,
        from: company.mailFrom,
        date,
        ...(attachments
          ? {
              attachments: attachments.map(({ filename, contentType, content }) => ({
                filename,
                contentType,
                size: content.byteLength,
              })),
            }
          : {}),
      };
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      // Names sort by time; the random part keeps two messages of the same millisecond apart.
      const name = `${date.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      // Written under a temporary name and renamed: a reader never sees half a message.
      const temporary = join(dir, `.${name}.tmp`);
      writeFileSync(temporary, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
      renameSync(temporary, join(dir, name));
    },
    close() {},
  };
}

/** The outbox's messages, newest first (at most `limit`); an empty list when there is no outbox yet. */
export function readOutbox(dir: string, limit = Infinity): Array<OutboxMessage & { file: string }> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json') && !name.startsWith('.'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // Stryker disable next-line MethodExpression: libuv already lists names in order; Node does not promise it
  const oldestFirst = names.sort();
  return oldestFirst
    .reverse()
    .slice(0, limit)
    .map((name) => ({ ...(JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxMessage), file: name }));
}
