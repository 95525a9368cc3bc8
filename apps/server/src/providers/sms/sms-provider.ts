/** One text message to one phone number (E.164, `+66812345678`). */
export type SmsMessage = { merchantId: number; to: string; text: string };

/**
 * Where SMS go. Selected by SMS_PROVIDER; `outbox` (the default) keeps them in the database so
 * `npm start` needs no network and tests read what was sent. A gateway adapter implements the
 * same type; `send` rejects when the gateway refuses, so the caller can answer the member.
 */
export type SmsProvider = {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
};
