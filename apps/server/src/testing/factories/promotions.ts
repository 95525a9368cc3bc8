import { BonusGrantListSchema, PromotionSchema } from '@lanna/contract';
import { expect } from 'vitest';
import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  postTransfer,
} from '../../modules/ledger/index.ts';
import { getAs, ops, postAs, valueOf } from '../requests.ts';
import {
  balanceOf,
  creditBody,
  debitBody,
  newGameSession,
  newPlayer,
  vendorPost,
  type Player,
  type VendorWorld,
} from './games.ts';
import { cashIn, depositRequest } from './ledger.ts';
import { sessionTokenOf } from './members.ts';

export type PromotionMember = Player & { host: string; siteToken: string };

/** What the promotions tests do as members and operators, in one vendor world. */
export const promotionKit = (world: VendorWorld) => {
  const siteOf = (member: PromotionMember) => ({ host: member.host, token: member.siteToken });

  return {
    siteOf,
    /**
     * A member with 1,000.00 to play with (an operator's credit, not a deposit), signed in to
     * the site, then into the test vendor's game (a sign-in ends game sessions).
     */
    newMember: async (): Promise<PromotionMember> => {
      const player = await newPlayer(world, { balanceMinor: 100_000n });
      const token = await sessionTokenOf(world.app, world.db, {
        ...player,
        merchantCode: 'lanna',
        host: 'localhost',
      });
      return { ...(await newGameSession(world, player)), host: 'localhost', siteToken: token };
    },

    /** Signs the member in to the site again (after the clock moved past the session's end). */
    signInAgain: async (member: PromotionMember) => {
      member.siteToken = await sessionTokenOf(world.app, world.db, {
        ...member,
        merchantCode: 'lanna',
        host: member.host,
      });
    },

    deposit: async (member: PromotionMember, amountMinor: bigint) => {
      const house = await cashIn(world.db, member.merchantId);
      const main = await getOrCreateMemberAccount(world.db, member.merchantId, member.memberId, {
        kind: 'main',
      });
      await postTransfer(world.db, depositRequest(member.merchantId, house, main, amountMinor), {
        now: world.clock(),
      });
    },

    /** An activity of the merchant, created by an operator. */
    createActivity: async (draft: Record<string, unknown>, merchantCode = 'lanna') =>
      valueOf(
        await ops(world.app, 'POST', `/ops/merchants/${merchantCode}/promotions`, draft),
        PromotionSchema,
      ),

    claim: (member: PromotionMember, promotionId: number | string) =>
      postAs(world.app, siteOf(member), `/wps/member/promotions/${promotionId}/claim`, {}),

    bonuses: async (member: PromotionMember) =>
      valueOf(await getAs(world.app, siteOf(member), '/wps/member/bonuses'), BonusGrantListSchema),

    accountBalance: async (member: PromotionMember, kind: 'main' | 'bonus') =>
      balanceOf(
        world.db,
        (await getOrCreateMemberAccount(world.db, member.merchantId, member.memberId, { kind })).id,
      ),

    promotionHouse: async () =>
      balanceOf(
        world.db,
        (await getOrCreateHouseAccount(world.db, world.merchants.lanna, { kind: 'promotion' })).id,
      ),

    /** One settled round of the test vendor's slot: `stakeMinor` bet, `winMinor` paid back. */
    playRound: async (member: PromotionMember, stakeMinor: string, winMinor = '0') => {
      const bet = debitBody(member, stakeMinor);
      const placed = await vendorPost(world, '/vendor/v1/debit', bet);
      expect(placed.statusCode, placed.body).toBe(200);
      const win = creditBody(member, bet.roundId, winMinor, { roundClosed: true });
      expect((await vendorPost(world, '/vendor/v1/credit', win)).statusCode).toBe(200);
    },
  };
};
