import type { Clock } from '../clock/index.ts';
import { OutboxMailer } from './outbox.ts';
import { SmtpMailer } from './smtp.ts';
import type { MailLogger, Mailer } from './types.ts';

export type { MailLogger, MailMessage, Mailer } from './types.ts';
export { OutboxMailer } from './outbox.ts';
export { SmtpMailer } from './smtp.ts';

export interface MailerOptions {
  /** When set, mail goes out over SMTP; otherwise it is written to `<dataDir>/outbox/`. */
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  logger?: MailLogger;
  clock?: Clock;
}

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, dataDir, logger, clock } = options;
  return smtpUrl ? new SmtpMailer({ url: smtpUrl, from, logger }) : new OutboxMailer({ dataDir, logger, clock });
}
