export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The part of a pino logger the mailers use. */
export interface MailLogger {
  info(details: object, message: string): void;
}
