import {
  agentLogin,
  changePassword,
  completeFirstLogin,
  findMemberSessions,
  freeplayLogin,
  getAffiliate,
  getCaptcha,
  getMemberIcon,
  getMemberInfo,
  getSessionKey,
  login,
  logout,
  register,
  revokeMemberSessions,
  signOutOtherSessions,
} from '@lanna/contract';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { AppError } from '../../shared/app-error.ts';
import { operatorActorOf } from '../ops/index.ts';
import { getRegisterRules, getRegisterSettings, type MerchantRef } from '../system/index.ts';
import * as account from './account.service.ts';
import { createCaptcha, randomCaptchaText } from './captcha.service.ts';
import { authContextOf } from './auth-context.ts';
import { auditRefusal, recordAuthEvent } from './auth-events.service.ts';
import { failureCounterOf } from './failure-counter.ts';
import { loginWithPassword } from './login.service.ts';
import { requireRegistrationCode } from './mobile-register.service.ts';
import { checkAffiliateCode, registerMember } from './register.service.ts';
import * as sessionOps from './session-ops.service.ts';
import * as sessions from './session.service.ts';
import { loginWithSmsCode } from './sms-login.service.ts';

export type AuthRoutesOptions = {
  /** The captcha text source; tests and CAPTCHA_FIXED_ANSWER replace the CSPRNG one. */
  captchaText?: () => string;
  /** Pays a new trial account its play money (the wallet module's). */
  payTrialPlayMoney: account.PayTrialPlayMoney;
};

export const authRoutes: FastifyPluginCallback<AuthRoutesOptions> = (app, options, done) => {
  const { db, config } = app;
  const sessionPolicy = sessions.policyOf(config);
  const fixedAnswer = config.CAPTCHA_FIXED_ANSWER;
  const captchaText = fixedAnswer ? () => fixedAnswer : (options.captchaText ?? randomCaptchaText);
  const contextOf = (request: FastifyRequest, merchant: MerchantRef) =>
    authContextOf(app, request, merchant);
  const failures = failureCounterOf(app);

  registerEndpoint(app, getSessionKey, () => Promise.resolve(app.payloadCrypto.publicKey()));
  registerEndpoint(app, getCaptcha, ({ merchant, request }) =>
    createCaptcha(
      db,
      { text: captchaText },
      { merchantId: merchant.id, ip: request.clientIp, now: app.clock() },
    ),
  );
  // A login whose sealed payload the contract refuses (a NUL in the username, say) never reaches
  // the login service, yet it is a failed login all the same: recorded here, without the
  // refused username, which the audit row could not hold (issue 21 item 3).
  const loginPaths: readonly string[] = [login.path, agentLogin.path];
  app.addHook('onError', async (request, _reply, error) => {
    const refused = error instanceof AppError && error.code === 'VALIDATION_FAILED';
    if (!refused || !loginPaths.includes(request.routeOptions.url ?? '') || !request.merchant)
      return;
    await recordAuthEvent(contextOf(request, request.merchant), {
      event: 'login.failed',
      outcomeCode: error.code,
    });
  });
  registerEndpoint(app, login, ({ merchant, request, body }) => {
    const ctx = contextOf(request, merchant);
    return body.type === 'sms'
      ? auditRefusal(
          ctx,
          { failedEvent: 'login.failed', username: body.username, method: 'code' },
          () => loginWithSmsCode(app, ctx, body),
        )
      : loginWithPassword(app, ctx, body, { agentArea: false, failures });
  });
  registerEndpoint(app, agentLogin, ({ merchant, request, body }) =>
    loginWithPassword(app, contextOf(request, merchant), body, { agentArea: true, failures }),
  );
  registerEndpoint(app, freeplayLogin, ({ merchant, request }) =>
    account.startFreeplay(contextOf(request, merchant), options.payTrialPlayMoney),
  );
  registerEndpoint(app, logout, async ({ merchant, request, session }) => {
    await sessions.endSession(db, session, app.clock(), app.events);
    await recordAuthEvent(contextOf(request, merchant), {
      event: 'session.logged_out',
      memberId: session.memberId,
      username: session.username,
    });
    return { loggedOut: true as const };
  });
  registerEndpoint(app, register, async ({ merchant, request, body }) => {
    const [rules, settings] = await Promise.all([
      getRegisterRules(db, merchant.id),
      getRegisterSettings(db, merchant.id),
    ]);
    // REGMOBVERF3: the mobile field's SMS code, spent once the form's own checks have passed.
    return registerMember(contextOf(request, merchant), body, rules, settings, () =>
      requireRegistrationCode(app, merchant.id, settings, body),
    );
  });
  registerEndpoint(app, getAffiliate, async ({ merchant, query }) =>
    checkAffiliateCode(
      { db, merchantId: merchant.id },
      query.code,
      await getRegisterSettings(db, merchant.id),
    ),
  );
  registerEndpoint(app, getMemberInfo, ({ merchant, session }) =>
    account.getMemberInfo({ db, merchantId: merchant.id }, session),
  );
  registerEndpoint(app, getMemberIcon, ({ session }) =>
    Promise.resolve({ iconUrl: account.memberIconOf(session) }),
  );
  registerEndpoint(app, completeFirstLogin, ({ session }) =>
    account.completeFirstLogin({ db }, session),
  );
  registerEndpoint(app, changePassword, async ({ merchant, request, body, session }) =>
    account.changePassword(
      contextOf(request, merchant),
      session,
      body,
      await getRegisterRules(db, merchant.id),
      failures,
    ),
  );
  registerEndpoint(app, findMemberSessions, async ({ session }) => ({
    sessions: await sessions.findSessions(db, sessionPolicy, session, app.clock()),
  }));
  registerEndpoint(app, signOutOtherSessions, async ({ merchant, request, session }) => {
    const signedOutSessions = await sessions.endOtherSessions(
      db,
      session,
      session.sessionId,
      'others',
      app.clock(),
      app.events,
    );
    await recordAuthEvent(contextOf(request, merchant), {
      event: 'sessions.signed_out_others',
      memberId: session.memberId,
      username: session.username,
    });
    return { signedOutSessions };
  });
  registerEndpoint(app, revokeMemberSessions, ({ params, body, request }) =>
    sessionOps.revokeMemberSessions(db, app.events, params, {
      actor: operatorActorOf(request),
      reason: body.reason,
      now: app.clock(),
    }),
  );
  done();
};
