// Real-time salaries as agents receive them (spec sections 7 and 9; issue 22 item 4): five
// minutes after their team's players bet through the vendor wallet API, each agent is paid its
// contract's rate of its team's valid bet by its upline (the house for a top agent), uplines
// first; an upline that cannot pay is frozen and the house pays instead; a run that stops
// halfway, or runs again, or runs on two nodes, pays each contract exactly once.
import {
  ContractPreviewSchema,
  PayoutSchema,
  PayoutsSchema,
  type ContractTerms,
} from '@lanna/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  closeMemberWorld,
  fundMainWallet,
  newLannaMember,
  openMemberWorld,
  playHouseRound,
  type MemberWorld,
} from '../../testing/member-world.ts';
import { expectInvariants } from '../../testing/factories/games.ts';
import { buildTestApp } from '../../testing/index.ts';
import { sessionTokenOf } from '../../testing/factories/members.ts';
import { codeOf, getAs, postAs, valueOf, type Caller } from '../../testing/requests.ts';
import { insertHierarchy } from '../auth/index.ts';
import { isMemberFrozen } from '../wallet/index.ts';
import { agentsJobs, SETTLEMENT_JOB } from './agents.jobs.ts';
import { acceptContract, offerContract, offerHouseContract } from './contracts.service.ts';
import { settleMerchant } from './settlement.service.ts';

// 12:02 in Bangkok; the window 12:00-12:05 is paid from 12:05:30.
const PLAY_AT = '2026-03-10T05:02:00.000Z';
const PAY_AT = '2026-03-10T05:05:31.000Z';

let world: MemberWorld;

const salary = (rateBp: number, minBetMinor = '0'): ContractTerms => ({
  kind: 'realtime_salary',
  basis: 'valid_bet',
  tiering: 'highest',
  tiers: [{ threshold: '0', minActiveMembers: 0, rateBp }],
  minBetMinor,
});

/** A lanna account of the type below the upline. */
const account = async (username: string, type: 0 | 1, upline: number | null) => {
  const id = await newLannaMember(world, username, 'Settle@2026x');
  await world.db.query('UPDATE members SET type = $2, upline_id = $3 WHERE id = $1', [
    id,
    type,
    upline,
  ]);
  await world.db.query('DELETE FROM agent_hierarchy WHERE descendant_id = $1', [id]);
  await insertHierarchy(world.db, world.lanna, id, upline);
  return id;
};

const ctxOf = (db: Db = world.db) => ({ db, merchantId: world.lanna, now: world.clock() });

/** A contract in force from the house (no upline) or an upline agent. */
const contract = async (
  upline: number | null,
  downline: number,
  name: string,
  terms: ContractTerms,
) => {
  const offered =
    upline === null
      ? await offerHouseContract(ctxOf(), downline, terms)
      : await offerContract(ctxOf(), upline, { downline: name, terms });
  await acceptContract(ctxOf(), downline, offered.id, false);
};

const salaryOf = async (memberId: number) =>
  (
    await world.db.query<{ amount_minor: string; status: string; payer_id: string | null }>(
      `SELECT amount_minor::text, status, payer_id FROM agent_payouts WHERE payee_id = $1
       AND amount_minor > 0 ORDER BY id`,
      [memberId],
    )
  ).map((row) => `${row.amount_minor}:${row.status}`);

const mainOf = async (memberId: number) =>
  BigInt(
    (
      await world.db.one<{ balance: string }>(
        `SELECT coalesce(sum(balance_minor), 0)::text AS balance FROM ledger_accounts
         WHERE member_id = $1 AND kind = 'main'`,
        [memberId],
      )
    ).balance,
  );

const ids = {} as Record<'root' | 'mid' | 'p1' | 'p2' | 'poor' | 'poorKid' | 'p3', number>;

beforeAll(async () => {
  world = await openMemberWorld('2026-03-10T04:00:00.000Z');
  ids.root = await account('rt_root', 1, null);
  ids.mid = await account('rt_mid', 1, ids.root);
  ids.p1 = await account('rt_p1', 0, ids.mid);
  ids.p2 = await account('rt_p2', 0, ids.root);
  ids.poor = await account('rt_poor', 1, null);
  ids.poorKid = await account('rt_poor_kid', 1, ids.poor);
  ids.p3 = await account('rt_p3', 0, ids.poorKid);
  await contract(null, ids.root, 'rt_root', salary(100));
  await contract(ids.root, ids.mid, 'rt_mid', salary(60));
  // rt_poor earns nothing (no one of its team reaches the minimum bet) and holds nothing.
  await contract(null, ids.poor, 'rt_poor', salary(100, '1000000000'));
  await contract(ids.poor, ids.poorKid, 'rt_poor_kid', salary(50));
  for (const player of [ids.p1, ids.p2, ids.p3]) {
    await fundMainWallet(world, player, 100_000n, `settle-test:${player}`);
  }
  world.clock.set(PLAY_AT);
  await playHouseRound(world, ids.p1, 10_000n, 0n);
  await playHouseRound(world, ids.p2, 5_000n, 8_000n);
  await playHouseRound(world, ids.p3, 10_000n, 0n);
});

afterAll(async () => {
  await closeMemberWorld(world);
});

describe('real-time salary', () => {
  it('pays nothing before the five minutes are over', async () => {
    world.clock.set('2026-03-10T05:05:10.000Z');
    await settleMerchant(ctxOf());
    expect(await salaryOf(ids.root)).toEqual([]);
  });

  it("pays each agent its rate of its team's valid bet, the upline paying its downline", async () => {
    world.clock.set(PAY_AT);
    await settleMerchant(ctxOf());
    // 1% of 15,000 from the house; rt_mid gets 0.6% of 10,000 from rt_root.
    expect(await salaryOf(ids.root)).toEqual(['150:paid']);
    expect(await salaryOf(ids.mid)).toEqual(['60:paid']);
    expect(await mainOf(ids.root)).toBe(90n);
    expect(await mainOf(ids.mid)).toBe(60n);
    await expectInvariants(world.db);
  });

  it('freezes an upline that cannot pay, and the house pays its downline', async () => {
    expect(await salaryOf(ids.poorKid)).toEqual(['50:forced']);
    expect(await mainOf(ids.poorKid)).toBe(50n);
    expect(await isMemberFrozen(world.db, world.lanna, ids.poor)).toBe(true);
    expect(await isMemberFrozen(world.db, world.lanna, ids.root)).toBe(false);
  });

  it('pays once however often it runs, and finishes a run a node stopped in', async () => {
    await settleMerchant(ctxOf());
    expect(await salaryOf(ids.root)).toEqual(['150:paid']);

    // The next window's players; a node stops in the run, at its first payouts.
    world.clock.set('2026-03-10T05:06:00.000Z');
    await playHouseRound(world, ids.p1, 20_000n, 0n);
    world.clock.set('2026-03-10T05:10:31.000Z');
    let transactions = 0;
    const crashing: Db = {
      ...world.db,
      transaction: (fn) => {
        transactions += 1;
        if (transactions > 0) return Promise.reject(new Error('node stopped'));
        return world.db.transaction(fn);
      },
    };
    await expect(settleMerchant(ctxOf(crashing))).rejects.toThrow('node stopped');
    // Another node within the lease skips the run; after it, it finishes it.
    await settleMerchant(ctxOf());
    world.clock.set('2026-03-10T05:16:00.000Z');
    await Promise.all([settleMerchant(ctxOf()), settleMerchant(ctxOf())]);
    expect(await salaryOf(ids.root)).toEqual(['150:paid', '200:paid']);
    expect(await salaryOf(ids.mid)).toEqual(['60:paid', '120:paid']);
    await expectInvariants(world.db);
  });
});

describe('dividends', () => {
  const dividend = (rateBp: number): ContractTerms => ({
    kind: 'dividend',
    period: 'D',
    basis: 'profit_loss',
    tiering: 'highest',
    tiers: [{ threshold: '0', minActiveMembers: 0, rateBp }],
    minBetMinor: '0',
  });
  const callerOf = async (memberId: number, username: string): Promise<Caller> => ({
    host: 'localhost',
    token: await sessionTokenOf(world.app, world.db, {
      memberId,
      merchantId: world.lanna,
      merchantCode: 'lanna',
      username,
      host: 'localhost',
    }),
  });
  const payoutsOf = async (caller: Caller, side: 'received' | 'paid') =>
    valueOf(
      await getAs(
        world.app,
        caller,
        `/wps/agent/payouts?side=${side}&kind=dividend&from=2026-03-10`,
      ),
      PayoutsSchema,
    );

  it("pays a top agent from the house after the day, and its downline's waits for the upline", async () => {
    await contract(null, ids.root, 'rt_root', dividend(1_000));
    await contract(ids.root, ids.mid, 'rt_mid', dividend(500));
    // Midnight in Bangkok, and the lag: the day of 10 March is over.
    world.clock.set('2026-03-10T17:00:31.000Z');
    await settleMerchant(ctxOf());
    // rt_root's team lost 30,000 (rt_p1) and won 3,000 (rt_p2): 10% of 27,000.
    const root = await callerOf(ids.root, 'rt_root');
    const received = await payoutsOf(root, 'received');
    expect(received.list.map((p) => [p.amountMinor, p.status, p.counterpart])).toEqual([
      ['2700', 'paid', null],
    ]);
    expect(received.totals).toEqual([{ kind: 'dividend', amountMinor: '2700' }]);
    // rt_mid's team lost 30,000: rt_root owes 5%, within a day.
    const owed = await payoutsOf(root, 'paid');
    expect(owed.list.map((p) => [p.amountMinor, p.status, p.counterpart])).toEqual([
      ['1500', 'due', 'rt_mid'],
    ]);
    expect(owed.list[0]?.dueAt).toBe('2026-03-11T17:00:00.000Z');

    const paid = await postAs(world.app, root, `/wps/agent/payouts/${owed.list[0]?.id}/pay`, {});
    expect(valueOf(paid, PayoutSchema)).toMatchObject({ status: 'paid', amountMinor: '1500' });
    const mid = await callerOf(ids.mid, 'rt_mid');
    expect((await payoutsOf(mid, 'received')).list.map((p) => p.status)).toEqual(['paid']);
    // Paid once: again, or by someone else, it is no longer owed.
    const again = await postAs(world.app, root, `/wps/agent/payouts/${owed.list[0]?.id}/pay`, {});
    expect([again.statusCode, codeOf(again)]).toEqual([404, 'NOT_FOUND']);
    await expectInvariants(world.db);
  });

  it('freezes an upline that lets a dividend run past its day, and the house pays it', async () => {
    // The next day: rt_p1 loses again; rt_root does not pay within the day after.
    world.clock.set('2026-03-11T05:00:00.000Z');
    await playHouseRound(world, ids.p1, 4_000n, 0n);
    world.clock.set('2026-03-11T17:00:31.000Z');
    await settleMerchant(ctxOf());
    const mid = await callerOf(ids.mid, 'rt_mid');
    expect((await payoutsOf(mid, 'received')).list.map((p) => [p.amountMinor, p.status])).toEqual([
      ['200', 'due'],
      ['1500', 'paid'],
    ]);
    expect(await isMemberFrozen(world.db, world.lanna, ids.root)).toBe(false);

    // Before offering, rt_root sees what a contract would have paid rt_mid yesterday.
    const root = await callerOf(ids.root, 'rt_root');
    const preview = async (terms: ContractTerms) =>
      valueOf(
        await postAs(world.app, root, '/wps/agent/contracts/preview', {
          downline: 'rt_mid',
          terms,
        }),
        ContractPreviewSchema,
      );
    expect(await preview(salary(100))).toMatchObject({
      periodStart: '2026-03-10T17:00:00.000Z',
      validBetMinor: '4000',
      amountMinor: '40',
    });
    expect(await preview(dividend(1_000))).toMatchObject({ lossMinor: '4000', amountMinor: '400' });
    const stranger = await postAs(world.app, root, '/wps/agent/contracts/preview', {
      downline: 'rt_p3',
      terms: salary(100),
    });
    expect([stranger.statusCode, codeOf(stranger)]).toEqual([404, 'DOWNLINE_NOT_FOUND']);

    world.clock.set('2026-03-12T17:00:01.000Z');
    await settleMerchant(ctxOf());
    // A day later: a fresh session (the last one has timed out).
    expect(
      (await payoutsOf(await callerOf(ids.mid, 'rt_mid'), 'received')).list.map((p) => [
        p.amountMinor,
        p.status,
      ]),
    ).toEqual([
      ['200', 'forced'],
      ['1500', 'paid'],
    ]);
    expect(await isMemberFrozen(world.db, world.lanna, ids.root)).toBe(true);
    await expectInvariants(world.db);
  });
});

describe('the settlement job', () => {
  it('is scheduled under NODE_ENV=test only when AGENT_SETTLEMENT_TICK_SECONDS asks for it', async () => {
    expect(agentsJobs(world.app)).toEqual([]);
    const scheduled = await buildTestApp(world.db, {
      env: { AGENT_SETTLEMENT_TICK_SECONDS: '45' },
    });
    try {
      expect(agentsJobs(scheduled).map((job) => [job.name, job.intervalMs])).toEqual([
        [SETTLEMENT_JOB, 45_000],
      ]);
    } finally {
      await scheduled.close();
    }
  });
});
