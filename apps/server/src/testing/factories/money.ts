import { randomBytes, randomUUID } from 'node:crypto';
import type { Envelope } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  checkLedgerInvariants,
  findMemberAccounts,
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
  type TransferType,
} from '../../modules/ledger/index.ts';
import { OPERATOR_HEADERS } from '../requests.ts';
import {
  newMember,
  signIn,
  type MemberOptions,
  type SignedInMember,
  type TestMember,
} from './members.ts';

/** Money in members' wallets: funding, game moves, balances, and the ledger kept sound. */

/** An idempotency key no other request of the run uses, in the form members' calls send. */
export const newIdempotencyKey = (): string => `key-${randomBytes(8).toString('hex')}`;

/** Credits the member's main wallet through the operator adjustment route. */
export const fund = async (app: FastifyInstance, member: TestMember, amountMinor: bigint) => {
  const response = await app.inject({
    method: 'POST',
    url: `/ops/merchants/${member.merchantCode}/members/${member.username}/adjustments`,
    headers: OPERATOR_HEADERS,
    payload: {
      direction: 'credit',
      amountMinor: amountMinor.toString(),
      reason: 'test funding',
      idempotencyKey: randomUUID(),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
};

/** A new member signed in through the login route, with `fundMinor` in its main wallet. */
export const newFundedMember = async (
  app: FastifyInstance,
  db: Db,
  options: MemberOptions & { fundMinor?: bigint } = {},
): Promise<SignedInMember> => {
  const { fundMinor, ...memberOptions } = options;
  const member = await newMember(db, memberOptions);
  if (fundMinor) await fund(app, member, fundMinor);
  return { ...member, token: await signIn(app, member) };
};

/** Moves money between the member's main wallet and a house account, as other modules do. */
const move = async (
  app: FastifyInstance,
  db: Db,
  member: TestMember,
  type: TransferType,
  amountMinor: bigint,
) => {
  const main = await getOrCreateMemberAccount(db, member.merchantId, member.memberId, {
    kind: 'main',
  });
  const house =
    type === 'deposit'
      ? await getOrCreateHouseAccount(db, member.merchantId, { kind: 'cash_in' })
      : await getOrCreateHouseAccount(db, member.merchantId, { kind: 'game', vendorCode: 'TEST' });
  const toMember = type === 'deposit' || type === 'rollback' || type === 'win';
  await postTransfer(
    db,
    {
      merchantId: member.merchantId,
      type,
      idempotencyKey: `test:${type}:${randomUUID()}`,
      entries: toMember
        ? moveEntries(house.id, main.id, amountMinor)
        : moveEntries(main.id, house.id, amountMinor),
    },
    { now: app.clock() },
  );
};

export const deposit = (app: FastifyInstance, db: Db, member: TestMember, amountMinor: bigint) =>
  move(app, db, member, 'deposit', amountMinor);
export const bet = (app: FastifyInstance, db: Db, member: TestMember, amountMinor: bigint) =>
  move(app, db, member, 'bet', amountMinor);
export const rollback = (app: FastifyInstance, db: Db, member: TestMember, amountMinor: bigint) =>
  move(app, db, member, 'rollback', amountMinor);
export const win = (app: FastifyInstance, db: Db, member: TestMember, amountMinor: bigint) =>
  move(app, db, member, 'win', amountMinor);

/** The member's main and locked balances, from the ledger. */
export const balancesOf = async (db: Db, member: TestMember) => {
  const accounts = await findMemberAccounts(db, member.merchantId, member.memberId);
  const of = (kind: string) =>
    accounts.find((account) => account.kind === kind)?.balanceMinor ?? 0n;
  return { main: of('main'), locked: of('locked') };
};

export const mainBalanceOf = async (db: Db, member: TestMember): Promise<bigint> =>
  (await balancesOf(db, member)).main;

/** The main wallet balance, in minor units, as the header reads it. */
export const headerBalance = async (app: FastifyInstance, member: TestMember, token: string) => {
  const response = await app.inject({
    method: 'GET',
    url: '/wps/v2/wallets/balance',
    headers: { host: member.host, authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return BigInt(response.json<Envelope<{ balanceMinor: string }>>().value.balanceMinor);
};

export const countOf = async (
  db: Db,
  table: 'deposits' | 'ledger_transfers' | 'audit_log',
): Promise<number> =>
  (await db.one<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`)).count;

export const transferCount = (db: Db): Promise<number> => countOf(db, 'ledger_transfers');

export const expectLedgerSound = async (db: Db): Promise<void> => {
  expect((await checkLedgerInvariants(db)).violations).toEqual([]);
};

/** The hostile amounts every money route must refuse with 400 and no movement. */
export const BAD_AMOUNTS: readonly unknown[] = [
  '-100',
  '0',
  '00',
  '12.5',
  '0.001',
  '1e3',
  'abc',
  ' 100',
  '',
  100,
  null,
  '1000000000000001',
  '99999999999999999999',
];
