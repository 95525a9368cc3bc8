import type { OpenAccountPayloadSchema, OpenedAccount, RegisterRules } from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { hashPassword } from '../../shared/password.ts';
import * as members from './member.repository.ts';
import { checkCredentials, newInviteCode } from './register.service.ts';

type OpenAccountPayload = z.output<typeof OpenAccountPayloadSchema>;

/** A member's type; a sub-agent takes its agent's own, so a merchant using 41 and 42 keeps them. */
const MEMBER_TYPE = 0;

const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === '23505';

/**
 * An account an agent opens for its team (spec section 6; issue 22 item 1): directly below the
 * agent in the hierarchy, with the merchant's username and password rules, and a first login
 * that asks for a new password (the agent chose this one). A sub-agent gets an affiliate code
 * of its own for its invitations.
 */
export const openDownlineAccount = async (
  ctx: { db: Db; merchantId: number; ip: string; now: Date },
  agent: { memberId: number; type: number },
  payload: OpenAccountPayload,
  rules: RegisterRules,
): Promise<OpenedAccount> => {
  const username = payload.username.trim();
  checkCredentials(username, payload.password, rules);
  if (await members.findMemberByUsername(ctx.db, ctx.merchantId, username))
    throw new AppError('USERNAME_TAKEN');
  const passwordHash = await hashPassword(payload.password);
  const isAgent = payload.kind === 'agent';
  const id = await ctx.db
    .transaction(async (tx) => {
      const memberId = await members.insertMember(tx, {
        merchantId: ctx.merchantId,
        username,
        passwordHash,
        type: isAgent ? agent.type : MEMBER_TYPE,
        nickname: payload.nickname ?? '',
        email: null,
        mobileNum: null,
        countryDialingCode: null,
        uplineId: agent.memberId,
        referrerId: null,
        registerIp: ctx.ip,
        registerMethod: 'AGENT',
        firstLoginDone: false,
        now: ctx.now,
      });
      await members.insertHierarchy(tx, ctx.merchantId, memberId, agent.memberId);
      await members.setReferralCode(tx, memberId, newInviteCode());
      if (isAgent) await members.setAffiliateCode(tx, memberId, newInviteCode());
      return memberId;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('USERNAME_TAKEN', { cause: error });
      throw error;
    });
  return { id, account: username };
};

/**
 * The agent's affiliate code, made on first request for an agent that has none (agents opened
 * before the agent centre, or seeded without one). A clash with another code is tried again.
 */
export const affiliateCodeOf = async (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<string> => {
  for (let attempt = 0; ; attempt += 1) {
    const code = await members
      .ensureAffiliateCode(db, merchantId, memberId, newInviteCode())
      .catch((error: unknown) => {
        if (isUniqueViolation(error) && attempt < 3) return null;
        throw error;
      });
    if (code) return code;
  }
};
