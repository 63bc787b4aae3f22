/**
 * `npm run outbox`: the last 10 messages the server "sent" while SMTP_URL was unset, newest first, with
 * their plain text. They live in DATA_DIR/outbox (default ./data/outbox), one JSON file each.
 */
import { loadConfig } from '../server/config';
import { outboxDir, readOutbox } from '../server/mail/mailer';

const LAST = 10;
const dir = outboxDir(loadConfig().DATA_DIR);
const messages = readOutbox(dir, LAST);

if (messages.length === 0) {
  console.log(`No messages in ${dir}.`);
} else {
  console.log(`The last ${messages.length} message(s) in ${dir}, newest first:\n`);
  for (const message of messages) {
    console.log('─'.repeat(72));
    console.log(`Date:    ${message.date}`);
    console.log(`From:    ${message.from}`);
    console.log(`To:      ${message.to}`);
    console.log(`Subject: ${message.subject}`);
    console.log(`File:    ${message.file}\n`);
    console.log(message.text);
    console.log();
  }
}
