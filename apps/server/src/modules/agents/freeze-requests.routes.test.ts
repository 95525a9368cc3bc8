// Freeze requests (issue 22 item 1, downline management): an agent asks the operators to freeze
// a member of its team, never anyone else; one request waits per member; an operator approves,
// which freezes the member, or rejects; the agent is told by a message either way, the downline
// list shows where the request stands, and bad input changes nothing.
import {
  ContractSchema,
  DownlinePageSchema,
  FreezeRequestPageSchema,
  FreezeRequestSchema,
  keysetPageOf,
  MemberMessageSchema,
  type Downline,
} from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDb, type TestDb } from '../../testing/index.ts';
import { newSignedInMember, type SignedInMember } from '../../testing/factories/members.ts';
import { codeOf, getAs, ops, postAs, valueOf } from '../../testing/requests.ts';
import { isMemberFrozen } from '../wallet/index.ts';

let testDb: TestDb;
let app: FastifyInstance;
const team = {} as Record<
  'top' | 'mid' | 'player' | 'second' | 'third' | 'other' | 'stranger',
  SignedInMember
>;

const ask = (
  agent: SignedInMember,
  account: string,
  payload: unknown = { reason: 'chargebacks' },
) => postAs(app, agent, `/wps/agent/downlines/${account}/freeze-request`, payload);

const decide = (id: number, approve: boolean, reason = 'checked the account') =>
  ops(app, 'POST', `/ops/merchants/lanna/freeze-requests/${id}/decision`, { approve, reason });

const rowOf = async (agent: SignedInMember, account: string): Promise<Downline | undefined> =>
  valueOf(await getAs(app, agent, '/wps/agent/downlines'), DownlinePageSchema).list.find(
    (row) => row.account === account,
  );

const requestCount = async () =>
  (
    await testDb.db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM agent_freeze_requests',
    )
  ).count;

const messagesOf = async (member: SignedInMember) =>
  valueOf(
    await getAs(app, member, '/wps/member/messages?kind=platform'),
    keysetPageOf(MemberMessageSchema),
  ).list;

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  const db = testDb.db;
  team.top = await newSignedInMember(app, db, { type: 1, username: 'fz_top' });
  team.mid = await newSignedInMember(app, db, { type: 1, username: 'fz_mid', upline: team.top });
  team.player = await newSignedInMember(app, db, { username: 'fz_player', upline: team.mid });
  team.second = await newSignedInMember(app, db, { username: 'fz_second', upline: team.mid });
  team.third = await newSignedInMember(app, db, { username: 'fz_third', upline: team.top });
  team.other = await newSignedInMember(app, db, { type: 1, username: 'fz_other' });
  team.stranger = await newSignedInMember(app, db, { username: 'fz_stranger', upline: team.other });
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

describe('POST /wps/agent/downlines/:account/freeze-request', () => {
  it('files a request for a member at any depth of the team, which the downline list shows', async () => {
    const request = valueOf(await ask(team.top, 'fz_player'), FreezeRequestSchema);
    expect(request).toMatchObject({
      account: 'fz_player',
      requestedBy: 'fz_top',
      reason: 'chargebacks',
      status: 'pending',
      decidedAt: null,
    });
    expect(await rowOf(team.top, 'fz_player')).toMatchObject({
      frozen: false,
      freezeRequest: { status: 'pending', requestedAt: request.requestedAt },
    });
    // The member's direct agent sees the same request waiting, and cannot file a second.
    expect((await rowOf(team.mid, 'fz_player'))?.freezeRequest?.status).toBe('pending');
    expect(codeOf(await ask(team.mid, 'fz_player'))).toBe('FREEZE_ALREADY_REQUESTED');
    expect(codeOf(await ask(team.top, 'fz_player'))).toBe('FREEZE_ALREADY_REQUESTED');
    expect(await isMemberFrozen(testDb.db, team.player.merchantId, team.player.memberId)).toBe(
      false,
    );
  });

  it('finds no one outside the team: another team, the agent itself, its upline, no such name', async () => {
    const before = await requestCount();
    for (const [agent, account] of [
      [team.top, 'fz_stranger'],
      [team.mid, 'fz_third'],
      [team.mid, 'fz_mid'],
      [team.mid, 'fz_top'],
      [team.top, 'nobody_here'],
      [team.other, 'fz_player'],
    ] as const) {
      const response = await ask(agent, account);
      expect(response.statusCode, account).toBe(404);
      expect(codeOf(response)).toBe('TEAM_MEMBER_NOT_FOUND');
    }
    expect(await requestCount()).toBe(before);
  });

  it('refuses members, and bad reasons, with a code, writing nothing', async () => {
    const before = await requestCount();
    expect((await ask(team.player, 'fz_second')).statusCode).toBe(403);
    for (const payload of [
      {},
      { reason: '' },
      { reason: 'no' },
      { reason: 'x'.repeat(501) },
      { reason: 'nul\u0000byte' },
      { reason: 42 },
      { reason: 'fine reason', extra: true },
    ]) {
      const response = await ask(team.mid, 'fz_second', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(codeOf(response)).toBe('VALIDATION_FAILED');
    }
    const malformed = await app.inject({
      method: 'POST',
      url: '/wps/agent/downlines/fz_second/freeze-request',
      headers: {
        host: team.mid.host,
        authorization: `Bearer ${team.mid.token}`,
        'content-type': 'application/json',
      },
      payload: '{"reason": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(codeOf(malformed)).toBe('MALFORMED_BODY');
    expect(await requestCount()).toBe(before);
  });
});

describe('the downline row', () => {
  it('shows the contracts in force the agent gave that downline, and only those', async () => {
    const salary = (rateBp: number) => ({
      kind: 'realtime_salary',
      basis: 'valid_bet',
      tiering: 'highest',
      tiers: [{ threshold: '0', minActiveMembers: 0, rateBp }],
      minBetMinor: '0',
    });
    const house = valueOf(
      await ops(app, 'POST', '/ops/merchants/lanna/agents/fz_top/contracts', {
        terms: salary(120),
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
        downline: 'fz_mid',
        terms: salary(80),
      }),
      ContractSchema,
    );
    // An offer not yet accepted is not in force.
    expect((await rowOf(team.top, 'fz_mid'))?.contracts).toEqual([]);
    valueOf(
      await postAs(app, team.mid, `/wps/agent/contracts/${offered.id}/accept`, {}),
      ContractSchema,
    );
    expect((await rowOf(team.top, 'fz_mid'))?.contracts).toEqual([
      { kind: 'realtime_salary', topRateBp: 80 },
    ]);
    expect((await rowOf(team.top, 'fz_player'))?.contracts).toEqual([]);
  });
});

describe('operator decisions', () => {
  it('lists the waiting queue; approving freezes the member and tells the agent', async () => {
    const queue = valueOf(
      await ops(app, 'GET', '/ops/merchants/lanna/freeze-requests'),
      FreezeRequestPageSchema,
    );
    const waiting = queue.list.find((request) => request.account === 'fz_player');
    expect(waiting?.status).toBe('pending');

    const approved = valueOf(await decide(waiting!.id, true), FreezeRequestSchema);
    expect(approved).toMatchObject({ status: 'approved', decisionReason: 'checked the account' });
    expect(approved.decidedAt).not.toBeNull();
    expect(await isMemberFrozen(testDb.db, team.player.merchantId, team.player.memberId)).toBe(
      true,
    );
    expect(await rowOf(team.top, 'fz_player')).toMatchObject({
      frozen: true,
      freezeRequest: { status: 'approved' },
    });
    expect((await messagesOf(team.top))[0]).toMatchObject({ title: 'Freeze request approved' });
    expect((await messagesOf(team.top))[0]?.content).toContain('fz_player is now frozen');
    const audit = await testDb.db.query<{ action: string; actor: string }>(
      "SELECT action, actor FROM audit_log WHERE target = 'member:fz_player' ORDER BY id",
    );
    expect(audit.map((row) => row.action)).toEqual([
      'member.freeze',
      'agent.freeze-request.approve',
    ]);

    const again = await decide(waiting!.id, false);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('FREEZE_REQUEST_DECIDED');
    expect(codeOf(await ask(team.mid, 'fz_player'))).toBe('MEMBER_ALREADY_FROZEN');
    expect(
      valueOf(
        await ops(app, 'GET', '/ops/merchants/lanna/freeze-requests'),
        FreezeRequestPageSchema,
      ).list.map((request) => request.account),
    ).not.toContain('fz_player');
  });

  it('rejecting leaves the member as it was, tells the agent, and a new request may follow', async () => {
    const request = valueOf(await ask(team.mid, 'fz_second'), FreezeRequestSchema);
    const rejected = valueOf(
      await decide(request.id, false, 'no sign of abuse'),
      FreezeRequestSchema,
    );
    expect(rejected.status).toBe('rejected');
    expect(await isMemberFrozen(testDb.db, team.second.merchantId, team.second.memberId)).toBe(
      false,
    );
    const message = (await messagesOf(team.mid))[0];
    expect(message?.title).toBe('Freeze request rejected');
    expect(message?.content).toContain('no sign of abuse');
    expect((await rowOf(team.mid, 'fz_second'))?.freezeRequest?.status).toBe('rejected');
    expect(valueOf(await ask(team.mid, 'fz_second'), FreezeRequestSchema).status).toBe('pending');
  });

  it('answers an unknown request, another merchant, or a bad decision with a code', async () => {
    expect(codeOf(await decide(999_999, true))).toBe('NOT_FOUND');
    const request = valueOf(
      await ops(app, 'GET', '/ops/merchants/lanna/freeze-requests'),
      FreezeRequestPageSchema,
    ).list[0]!;
    const elsewhere = await ops(
      app,
      'POST',
      `/ops/merchants/siam/freeze-requests/${request.id}/decision`,
      { approve: true, reason: 'wrong brand' },
    );
    expect(codeOf(elsewhere)).toBe('NOT_FOUND');
    for (const body of [
      { approve: 'yes', reason: 'checked' },
      { approve: true },
      { approve: true, reason: 'ok' },
    ]) {
      const response = await ops(
        app,
        'POST',
        `/ops/merchants/lanna/freeze-requests/${request.id}/decision`,
        body,
      );
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await isMemberFrozen(testDb.db, team.second.merchantId, team.second.memberId)).toBe(
      false,
    );
  });
});
