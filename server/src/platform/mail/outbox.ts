import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { systemClock, type Clock } from '../clock/index.ts';
import type { MailLogger, MailMessage, Mailer } from './types.ts';

export interface OutboxMailerOptions {
  /** Messages land in `<dataDir>/outbox/`. */
  dataDir: string;
  clock?: Clock;
  logger?: MailLogger;
}

/**
 * The embedded default: every message becomes one JSON file, so a developer (or an end-to-end
 * test) can open the verification link without a mail server.
 */
export class OutboxMailer implements Mailer {
  readonly directory: string;
  private readonly clock: Clock;
  private readonly logger: MailLogger | undefined;
  private sequence = 0;

  constructor(options: OutboxMailerOptions) {
    this.directory = path.join(options.dataDir, 'outbox');
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger;
  }

  async send(message: MailMessage): Promise<void> {
    const sentAt = this.clock.now().toISOString();
    // Time first so names sort chronologically; the sequence orders messages of the same
    // millisecond and the random part keeps names unique across processes.
    this.sequence += 1;
    const name = `${sentAt.replace(/:/g, '-')}-${String(this.sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.json`;
    const file = path.join(this.directory, name);
    const { to, subject, text, html } = message;
    await mkdir(this.directory, { recursive: true });
    // Written aside then renamed, so whoever watches the outbox never reads half a message.
    const partial = path.join(this.directory, `.${name}.partial`);
    await writeFile(partial, `${JSON.stringify({ to, subject, text, html, sentAt }, null, 2)}\n`);
    await rename(partial, file);
    this.logger?.info({ to, subject, file }, 'mail written to outbox');
  }
}
