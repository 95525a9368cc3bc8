import type { Transporter } from 'nodemailer';
import type { EmailProvider } from './email-provider.ts';

// A mail server that does not answer must not hold a member's request for minutes.
const SMTP_TIMEOUT_MS = 10_000;

/**
 * E-mail over SMTP with nodemailer. The URL carries host, port, credentials and TLS
 * (`smtp://user:pass@host:587`, `smtps://...` for implicit TLS); one pooled transport per server.
 */
export const createSmtpEmailProvider = (smtpUrl: string, from: string): EmailProvider => {
  const url = new URL(smtpUrl);
  // nodemailer (some forty modules) loads with the first e-mail rather than with every start;
  // the pool connects on first use either way.
  let transport: Promise<Transporter> | null = null;
  const connect = () => {
    transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        host: url.hostname,
        port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
        secure: url.protocol === 'smtps:',
        ...(url.username
          ? {
              auth: {
                user: decodeURIComponent(url.username),
                pass: decodeURIComponent(url.password),
              },
            }
          : {}),
        pool: true,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      }),
    );
    return transport;
  };
  return {
    name: 'smtp',
    send: async ({ to, subject, text }) => {
      await (await connect()).sendMail({ from, to, subject, text });
    },
    close: async () => {
      (await transport?.catch(() => null))?.close();
    },
  };
};
