import fp from 'fastify-plugin';
import { createEmailProvider, type EmailProvider } from './email/index.ts';
import { createPhoneVerifier, type PhoneVerifier } from './phone-verification/index.ts';
import { createSmsProvider, type SmsProvider } from './sms/index.ts';

export * from './email/index.ts';
export * from './phone-verification/index.ts';
export * from './sms/index.ts';

// The providers this plugin adds to the instance. Kept beside the plugin rather than in
// plugins/decorations.ts so the providers folder stands on its own.
declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Where SMS go (SMS_PROVIDER). */
    sms: SmsProvider;
    /** Where e-mail goes (SMTP_URL, or the outbox). */
    email: EmailProvider;
    /** Third-party phone verification, or null when off (the default). */
    phoneVerifier: PhoneVerifier | null;
  }
}

/**
 * The outside services the server talks to, chosen by configuration and built once per
 * instance; the SMTP connection pool closes with the instance.
 */
export const providersPlugin = fp(
  (app, _options, done) => {
    app.decorate('sms', createSmsProvider(app.config, app.db, app.clock));
    app.decorate('email', createEmailProvider(app.config, app.db, app.clock));
    app.decorate('phoneVerifier', createPhoneVerifier());
    app.addHook('onClose', () => app.email.close());
    done();
  },
  { name: 'providers', dependencies: ['db'] },
);
