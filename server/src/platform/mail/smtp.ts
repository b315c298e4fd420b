import nodemailer, { type Transporter } from 'nodemailer';
import type { MailLogger, MailMessage, Mailer } from './types.ts';

export interface SmtpMailerOptions {
  /** e.g. `smtps://user:pass@smtp.example.com:465` or `smtp://localhost:1025`. */
  url: string;
  /** e.g. `Chatbot Builder <no-reply@example.com>`. */
  from: string;
  logger?: MailLogger;
}

export class SmtpMailer implements Mailer {
  private readonly transporter: Transporter;
  private readonly logger: MailLogger | undefined;

  constructor(options: SmtpMailerOptions) {
    this.transporter = nodemailer.createTransport(options.url, { from: options.from });
    this.logger = options.logger;
  }

  async send(message: MailMessage): Promise<void> {
    const { to, subject, text, html } = message;
    const info = await this.transporter.sendMail({ to, subject, text, html });
    this.logger?.info({ to, subject, messageId: info.messageId }, 'mail sent over SMTP');
  }
}
