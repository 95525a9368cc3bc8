// The operator's side of agents (issue 22 item 6): an account is made an agent or a member and
// moved with its whole team, its contracts with the old upline ending; no one moves under its
// own team and an agent with a team stays one. A payout is corrected by a compensating transfer,
// once per key, never below the agent's balance. Every change is audit-logged.
import {
  AgentPlacementSchema,
  ContractSchema,
  DownlinePageSchema,
  keysetPageOf,
} from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDb, type TestDb } from '../../testing/index.ts';
import { newSignedInMember, type SignedInMember } from '../../testing/factories/members.ts';
import { expectLedgerSound, mainBalanceOf } from '../../testing/factories/money.ts';
import { codeOf, getAs, ops, postAs, valueOf } from '../../testing/requests.ts';

let testDb: TestDb;
let app: FastifyInstance;
const team = {} as Record<'top' | 'mid' | 'player' | 'other', SignedInMember>;

const salary = (rateBp: number) => ({
  kind: 'realtime_salary',
  basis: 'valid_bet',
  tiering: 'highest',
  tiers: [{ threshold: '0', minActiveMembers: 0, rateBp }],
  minBetMinor: '0',
});

const place = (username: string, body: Record<string, unknown>) =>
  ops(app, 'PUT', `/ops/merchants/lanna/agents/${username}`, { reason: 'team change', ...body });

const teamOf = async (agent: SignedInMember) =>
  valueOf(await getAs(app, agent, '/wps/agent/downlines'), DownlinePageSchema).list.map(
    (row) => `${row.account}:${row.level}`,
  );

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  team.top = await newSignedInMember(app, testDb.db, { type: 1, username: 'ops_top' });
  team.mid = await newSignedInMember(app, testDb.db, {
    type: 1,
    username: 'ops_mid',
    upline: team.top,
  });
  team.player = await newSignedInMember(app, testDb.db, {
    username: 'ops_player',
    upline: team.mid,
  });
  team.other = await newSignedInMember(app, testDb.db, { type: 1, username: 'ops_other' });
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

describe('PUT /ops/merchants/:merchantCode/agents/:username', () => {
  it('moves an agent with its team, ending its contracts with the old upline', async () => {
    const house = valueOf(
      await ops(app, 'POST', '/ops/merchants/lanna/agents/ops_top/contracts', {
        terms: salary(100),
        reason: 'launch terms',
      }),
      ContractSchema,
    );
    valueOf(
      await postAs(app, team.top, `/wps/agent/contracts/${house.id}/accept`, {}),
      ContractSchema,
    );
    const offered = valueOf(
      await postAs(app, team.top, '/wps/agent/contracts', {
        downline: 'ops_mid',
        terms: salary(50),
      }),
      ContractSchema,
    );
    valueOf(
      await postAs(app, team.mid, `/wps/agent/contracts/${offered.id}/accept`, {}),
      ContractSchema,
    );

    const moved = valueOf(await place('ops_mid', { upline: 'ops_other' }), AgentPlacementSchema);
    expect(moved).toEqual({ account: 'ops_mid', type: 1, upline: 'ops_other', teamSize: 1 });
    expect(await teamOf(team.top)).toEqual([]);
    expect(await teamOf(team.other)).toEqual(['ops_player:2', 'ops_mid:1']);
    const ended = valueOf(
      await getAs(app, team.mid, '/wps/agent/contracts?side=received'),
      keysetPageOf(ContractSchema),
    );
    expect(ended.list.map((c) => [c.status, c.endedBy])).toEqual([['terminated', 'operator']]);
    const requests = await getAs(app, team.mid, '/wps/agent/contracts/requests');
    expect(
      requests.json<{ value: { realtimesalreqtype: number } }>().value.realtimesalreqtype,
    ).toBe(2);
    const audit = await testDb.db.query<{ action: string; actor: string }>(
      "SELECT action, actor FROM audit_log WHERE target = 'member:ops_mid'",
    );
    expect(audit).toEqual([{ action: 'agent.placement', actor: 'operator-api-key:alice' }]);
  });

  it('makes a member an agent, and moves an account to the top', async () => {
    expect(valueOf(await place('ops_player', { type: 2 }), AgentPlacementSchema)).toMatchObject({
      type: 2,
      upline: 'ops_mid',
    });
    expect(
      valueOf(await place('ops_player', { upline: null }), AgentPlacementSchema),
    ).toMatchObject({
      upline: null,
    });
    expect(await teamOf(team.other)).toEqual(['ops_mid:1']);
  });

  it('refuses a move into its own team, an agent with a team leaving the agents, and bad input', async () => {
    valueOf(await place('ops_player', { upline: 'ops_mid' }), AgentPlacementSchema);
    const intoOwn = await place('ops_mid', { upline: 'ops_player' });
    expect([intoOwn.statusCode, codeOf(intoOwn)]).toEqual([409, 'AGENT_MOVE_INTO_OWN_TEAM']);
    const itself = await place('ops_mid', { upline: 'ops_mid' });
    expect(codeOf(itself)).toBe('AGENT_MOVE_INTO_OWN_TEAM');
    const demoted = await place('ops_mid', { type: 0 });
    expect([demoted.statusCode, codeOf(demoted)]).toEqual([409, 'AGENT_HAS_TEAM']);
    expect(codeOf(await place('nobody', { type: 1 }))).toBe('NOT_FOUND');
    expect(codeOf(await place('ops_mid', { upline: 'nobody' }))).toBe('NOT_FOUND');
    for (const body of [{ type: 3 }, { type: 4 }, { reason: '' }, { upline: 5 }]) {
      const response = await place('ops_mid', body);
      expect([response.statusCode, codeOf(response)], JSON.stringify(body)).toEqual([
        400,
        'VALIDATION_FAILED',
      ]);
    }
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/ops/merchants/lanna/agents/ops_mid',
      payload: { type: 0, reason: 'no key' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await teamOf(team.other)).toEqual(['ops_player:2', 'ops_mid:1']);
  });
});

describe('POST /ops/merchants/:merchantCode/payouts/:id/corrections', () => {
  it('pays the difference once per key, and takes back no more than the agent holds', async () => {
    const contract = await testDb.db.one<{ id: string }>(
      'SELECT id FROM agent_contracts WHERE downline_id = $1 ORDER BY id LIMIT 1',
      [team.top.memberId],
    );
    // A payout as a run writes it: nothing was due for that window.
    const payout = await testDb.db.one<{ id: string }>(
      `INSERT INTO agent_payouts (merchant_id, contract_id, kind, period_start, period_end,
         payer_id, payee_id, valid_bet_minor, loss_minor, active_members, amount_minor, status,
         created_at)
       VALUES ($1, $2, 'realtime_salary', '2026-03-10T05:00:00Z', '2026-03-10T05:05:00Z', NULL,
         $3, 0, 0, 0, 0, 'nothing', now()) RETURNING id`,
      [team.top.merchantId, contract.id, team.top.memberId],
    );
    const url = `/ops/merchants/lanna/payouts/${payout.id}/corrections`;
    const body = { amountMinor: '500', reason: 'missed round', idempotencyKey: 'correction-1' };
    const first = await ops(app, 'POST', url, body);
    expect(first.json<{ value: unknown }>().value).toMatchObject({
      amountMinor: '500',
      replayed: false,
    });
    const replay = await ops(app, 'POST', url, body);
    expect(replay.json<{ value: unknown }>().value).toMatchObject({ replayed: true });
    expect(await mainBalanceOf(testDb.db, team.top)).toBe(500n);

    const tooMuch = await ops(app, 'POST', url, {
      ...body,
      amountMinor: '-501',
      idempotencyKey: 'correction-2',
    });
    expect([tooMuch.statusCode, codeOf(tooMuch)]).toEqual([409, 'INSUFFICIENT_BALANCE']);
    const back = await ops(app, 'POST', url, {
      ...body,
      amountMinor: '-200',
      idempotencyKey: 'correction-3',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await mainBalanceOf(testDb.db, team.top)).toBe(300n);
    const rows = await testDb.db.query<{ amount_minor: string }>(
      'SELECT amount_minor::text FROM agent_payout_corrections WHERE payout_id = $1 ORDER BY id',
      [payout.id],
    );
    expect(rows.map((row) => row.amount_minor)).toEqual(['500', '-200']);

    for (const [id, change, code] of [
      ['999999', body, 'NOT_FOUND'],
      [
        payout.id,
        { ...body, amountMinor: '0', idempotencyKey: 'correction-4' },
        'VALIDATION_FAILED',
      ],
      [
        payout.id,
        { ...body, amountMinor: '1.5', idempotencyKey: 'correction-5' },
        'VALIDATION_FAILED',
      ],
      [payout.id, { ...body, reason: 'another', amountMinor: '500' }, 'IDEMPOTENCY_KEY_REUSED'],
    ] as const) {
      const response = await ops(
        app,
        'POST',
        `/ops/merchants/lanna/payouts/${id}/corrections`,
        change,
      );
      expect(codeOf(response)).toBe(code);
    }
    await expectLedgerSound(testDb.db);
  });
});
