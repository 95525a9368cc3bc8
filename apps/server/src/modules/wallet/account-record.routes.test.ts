// The account record as a member reads it: its own movements only, newest first, signed, with
// the balance after each; filtered by type and by calendar days in the merchant's zone (GMT+7),
// paginated; bad filters and trial accounts refused.
import type { AccountRecordPage } from '@lanna/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs } from '../../testing/index.ts';
import {
  closeMemberWorld,
  freePlayToken,
  newLannaMember,
  openMemberWorld,
  type MemberWorld,
} from '../../testing/member-world.ts';
import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
  type LedgerAccount,
  type TransferType,
} from '../ledger/index.ts';

const PASSWORD = 'Record@2026x';
// 18:00 UTC on 1 March is already 01:00 on 2 March in Bangkok.
const LATE_EVENING_UTC = '2026-03-01T18:00:00.000Z';
const EARLIER = '2026-03-01T09:00:00.000Z';

let world: MemberWorld;
let token = '';

let moves = 0;
const move = (type: TransferType, from: LedgerAccount, to: LedgerAccount, amountMinor: bigint) => {
  moves += 1;
  return {
    merchantId: world.lanna,
    type,
    idempotencyKey: `record-test:${moves}`,
    entries: moveEntries(from.id, to.id, amountMinor),
  };
};

const newMember = (username: string) => newLannaMember(world, username, PASSWORD);

beforeAll(async () => {
  world = await openMemberWorld(EARLIER);
  const { db, clock, lanna: lannaId } = world;
  const memberId = await newMember('record_reader');
  const main = await getOrCreateMemberAccount(db, lannaId, memberId, { kind: 'main' });
  const cashIn = await getOrCreateHouseAccount(db, lannaId, { kind: 'cash_in' });
  const game = await getOrCreateHouseAccount(db, lannaId, {
    kind: 'game',
    vendorCode: 'HOUSE',
  });
  await postTransfer(db, move('deposit', cashIn, main, 50_000n), { now: clock() });
  await postTransfer(db, move('bet', main, game, 1_000n), { now: clock() });
  await postTransfer(db, move('win', game, main, 2_500n), {
    now: new Date(LATE_EVENING_UTC),
  });
  // Someone else's money never shows.
  const otherMain = await getOrCreateMemberAccount(db, lannaId, await newMember('record_other'), {
    kind: 'main',
  });
  await postTransfer(db, move('deposit', cashIn, otherMain, 9_999n), { now: clock() });
  ({ token } = await loginAs(world.app, { username: 'record_reader', password: PASSWORD }));
});

afterAll(() => closeMemberWorld(world));

const record = async (query: string) => {
  const response = await call(world.app, {
    method: 'GET',
    url: `/wps/member/records/account${query}`,
    token,
  });
  return { status: response.statusCode, body: response.json<{ code: string; value: unknown }>() };
};
const pageOf = async (query: string) => {
  const { status, body } = await record(query);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.value as AccountRecordPage;
};

describe('GET /wps/member/records/account', () => {
  it('lists only the member own movements, newest first, with the balance after each', async () => {
    const page = await pageOf('');
    expect(page).toMatchObject({ total: 3, totalPages: 1, currency: 'THB', currencyDecimals: 2 });
    expect(
      page.list.map((entry) => [entry.type, entry.amountMinor, entry.balanceAfterMinor]),
    ).toEqual([
      ['win', '2500', '51500'],
      ['bet', '-1000', '49000'],
      ['deposit', '50000', '50000'],
    ]);
    expect(page.list.every((entry) => entry.wallet === 'main')).toBe(true);
  });

  it('filters by type', async () => {
    const bets = await pageOf('?types=bet,rollback');
    expect(bets.list.map((entry) => entry.type)).toEqual(['bet']);
  });

  it('reads days in the merchant zone: a win at 18:00 UTC belongs to the next Bangkok day', async () => {
    const secondOfMarch = await pageOf('?from=2026-03-02&to=2026-03-02');
    expect(secondOfMarch.list.map((entry) => entry.type)).toEqual(['win']);
    const firstOfMarch = await pageOf('?from=2026-03-01&to=2026-03-01');
    expect(firstOfMarch.list.map((entry) => entry.type)).toEqual(['bet', 'deposit']);
    expect((await pageOf('?from=2026-03-03')).list).toEqual([]);
  });

  it('pages through the list; a page past the end is empty', async () => {
    const first = await pageOf('?pageSize=2');
    expect(first).toMatchObject({ total: 3, totalPages: 2, pageNo: 1 });
    expect(first.list).toHaveLength(2);
    const second = await pageOf('?pageSize=2&pageNo=2');
    expect(second.list.map((entry) => entry.type)).toEqual(['deposit']);
    expect((await pageOf('?pageSize=2&pageNo=9')).list).toEqual([]);
  });

  it('refuses bad filters with VALIDATION_FAILED', async () => {
    for (const query of [
      '?types=jackpot_theft',
      '?pageSize=1000',
      '?pageNo=-1',
      '?from=yesterday',
      '?memberId=2',
    ]) {
      const { status, body } = await record(query);
      expect([status, body.code], query).toEqual([400, 'VALIDATION_FAILED']);
    }
    // Each day is valid; together they are not a range the record takes.
    for (const query of ['?from=2026-03-05&to=2026-03-01', '?from=2020-01-01&to=2026-03-01']) {
      const { status, body } = await record(query);
      expect([status, body.code], query).toEqual([400, 'RULES_NOT_MET']);
    }
  });

  it('refuses a guest and a trial member', async () => {
    const guest = await call(world.app, { method: 'GET', url: '/wps/member/records/account' });
    expect(guest.statusCode).toBe(401);
    const trialToken = await freePlayToken(world);
    const refused = await call(world.app, {
      method: 'GET',
      url: '/wps/member/records/account',
      token: trialToken,
    });
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([
      403,
      'TRIAL_ACCOUNT_FORBIDDEN',
    ]);
  });
});
