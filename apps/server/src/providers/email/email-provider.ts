/** One plain-text e-mail to one address. */
export type EmailMessage = { merchantId: number; to: string; subject: string; text: string };

/**
 * Where e-mail goes: SMTP when SMTP_URL is set, otherwise the `email_outbox` table so
 * `npm start` works offline. `send` rejects when the server refuses the message.
 */
export type EmailProvider = {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
  close(): Promise<void>;
};
