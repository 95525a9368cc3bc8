import {
  completeSecondVerification,
  enableTotp,
  findOutboxEmail,
  findOutboxSms,
  forgotPasswordByEmail,
  getHumanChallenge,
  getTotpStatus,
  registerMobile,
  resetPasswordByCode,
  sendLoginSmsCode,
  sendRegisterSmsCode,
  sendSecondVerificationCode,
  setupTotp,
} from '@lanna/contract';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import {
  findOutboxEmail as readEmailOutbox,
  findOutboxSms as readSmsOutbox,
} from '../../providers/index.ts';
import { AppError } from '../../shared/app-error.ts';
import {
  findMerchantByCode,
  getRegisterRules,
  getRegisterSettings,
  type MerchantRef,
} from '../system/index.ts';
import * as secondVerification from './codes-second-verification.service.ts';
import { settleDeliveries } from './codes.service.ts';
import {
  requestPasswordResetByEmail,
  resetPasswordByCode as resetByCode,
} from './forgot-password.service.ts';
import { authContextOf } from './auth-context.ts';
import { auditRefusal, recordAuthEvent } from './auth-events.service.ts';
import { completeLogin } from './login.service.ts';
import { getMember } from './member.repository.ts';
import { registerByMobile } from './mobile-register.service.ts';
import { createHumanChallenge } from './human-proof.service.ts';
import * as sms from './sms-codes.service.ts';
import * as totp from './totp.service.ts';

// A form body is a few short fields: anything longer is not a form this API reads.
const FORM_BODY_LIMIT_BYTES = 4096;

/**
 * `application/x-www-form-urlencoded`, for the spec's forgot-by-e-mail call. Scoped to this
 * plugin's routes; a repeated field is malformed rather than silently one of its values.
 */
const parseForm = (_request: FastifyRequest, body: string): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(fields, key) || key === '__proto__') {
      throw Object.assign(new Error('repeated or reserved form field'), { statusCode: 400 });
    }
    fields[key] = value;
  }
  return fields;
};

/** `lanna` -> `Lanna`: the issuer an authenticator app shows. */
const issuerOf = (merchant: MerchantRef): string =>
  merchant.code.charAt(0).toUpperCase() + merchant.code.slice(1);

const metaOf = (merchant: MerchantRef, request: FastifyRequest) => ({
  merchantId: merchant.id,
  merchantCode: merchant.code,
  ip: request.clientIp,
});

/** Verification codes, the human check and password reset by e-mail (spec sections 3, 4, 7). */
export const codesRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (request, body, parsed) => {
      try {
        parsed(null, parseForm(request, body as string));
      } catch (error) {
        parsed(error as Error, undefined);
      }
    },
  );
  app.addHook('onClose', () => settleDeliveries());
  const authOf = (request: FastifyRequest, merchant: MerchantRef) =>
    authContextOf(app, request, merchant);

  registerEndpoint(app, getHumanChallenge, () =>
    Promise.resolve(createHumanChallenge(app.config, app.clock())),
  );
  registerEndpoint(app, sendLoginSmsCode, ({ merchant, request, body }) =>
    sms.sendLoginSmsCode(app, metaOf(merchant, request), body),
  );
  registerEndpoint(app, sendRegisterSmsCode, ({ merchant, request, body }) =>
    sms.sendRegisterSmsCode(app, metaOf(merchant, request), body),
  );
  registerEndpoint(app, forgotPasswordByEmail, ({ merchant, request, body }) =>
    requestPasswordResetByEmail(app, metaOf(merchant, request), body),
  );

  registerEndpoint(app, resetPasswordByCode, async ({ merchant, request, body }) =>
    resetByCode(app, authOf(request, merchant), body, await getRegisterRules(app.db, merchant.id)),
  );
  registerEndpoint(app, registerMobile, async ({ merchant, request, body }) => {
    const [rules, settings] = await Promise.all([
      getRegisterRules(app.db, merchant.id),
      getRegisterSettings(app.db, merchant.id),
    ]);
    return registerByMobile(app, authOf(request, merchant), body, rules, settings);
  });

  registerEndpoint(app, getTotpStatus, async ({ session }) => ({
    enabled: await totp.isTotpEnabled(app, session.memberId),
  }));
  registerEndpoint(app, setupTotp, ({ merchant, session }) => {
    return totp.setupTotp(app, session, issuerOf(merchant));
  });
  registerEndpoint(app, enableTotp, async ({ merchant, request, body, session }) => {
    await totp.enableTotp(app, session, body.code);
    await recordAuthEvent(authOf(request, merchant), {
      event: 'totp.enabled',
      memberId: session.memberId,
      username: session.username,
    });
    return { enabled: true as const };
  });

  registerEndpoint(app, sendSecondVerificationCode, ({ merchant, request, body }) =>
    secondVerification.sendSecondVerificationCode(app, metaOf(merchant, request), body),
  );
  registerEndpoint(app, completeSecondVerification, async ({ merchant, request, body }) => {
    const auth = authOf(request, merchant);
    const { memberId, forcePasswordChange } = await auditRefusal(
      auth,
      { failedEvent: 'second_verification.failed', method: body.method },
      () =>
        secondVerification.completeSecondVerification(
          app,
          { merchantId: merchant.id, ip: request.clientIp },
          body,
        ),
    );
    const member = await getMember(app.db, merchant.id, memberId);
    await recordAuthEvent(auth, {
      event: 'second_verification.succeeded',
      memberId,
      username: member.username,
      method: body.method,
    });
    if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    return completeLogin(auth, member, 'password', { forcedPassword: forcePasswordChange });
  });

  const outboxMerchant = async (merchantCode: string): Promise<MerchantRef> => {
    const merchant = await findMerchantByCode(app.db, merchantCode);
    if (!merchant) throw new AppError('NOT_FOUND');
    return merchant;
  };
  registerEndpoint(app, findOutboxSms, async ({ query }) => {
    if (app.sms.name !== 'outbox') throw new AppError('FEATURE_DISABLED');
    const merchant = await outboxMerchant(query.merchantCode);
    const rows = await readSmsOutbox(app.db, merchant.id, { to: query.to, limit: query.limit });
    return {
      messages: rows.map((row) => ({
        id: row.id,
        to: row.to_number,
        body: row.body,
        createdAt: row.created_at.toISOString(),
      })),
    };
  });
  registerEndpoint(app, findOutboxEmail, async ({ query }) => {
    if (app.email.name !== 'outbox') throw new AppError('FEATURE_DISABLED');
    const merchant = await outboxMerchant(query.merchantCode);
    const rows = await readEmailOutbox(app.db, merchant.id, { to: query.to, limit: query.limit });
    return {
      messages: rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        body: row.body,
        createdAt: row.created_at.toISOString(),
      })),
    };
  });
  done();
};
