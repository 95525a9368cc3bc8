// Contracts as agents live them (spec sections 3 and 4): the house offers a top agent, each
// agent offers its direct downline agents no more than it holds itself, the downline answers in
// its pop-up, either side ends a contract and the other is told; accepting a lower rate ends
// the contracts the agent gave above it once it confirms, and an ended contract takes its
// downline's own with it. Every change stays in the history; bad offers change nothing.
import {
  ContractRequestsSchema,
  ContractSchema,
  keysetPageOf,
  type Contract,
  type ContractTerms,
} from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDb, type TestDb } from '../../testing/index.ts';
import { newSignedInMember, type SignedInMember } from '../../testing/factories/members.ts';
import { codeOf, getAs, ops, postAs, valueOf } from '../../testing/requests.ts';

let testDb: TestDb;
let app: FastifyInstance;
const agents = {} as Record<'root' | 'mid' | 'leaf' | 'other', SignedInMember>;
let member: SignedInMember;

const ContractPageSchema = keysetPageOf(ContractSchema);

const salary = (rateBp: number, extra: Partial<ContractTerms> = {}): ContractTerms => ({
  kind: 'realtime_salary',
  basis: 'valid_bet',
  tiering: 'highest',
  tiers: [{ threshold: '0', minActiveMembers: 0, rateBp }],
  minBetMinor: '0',
  ...extra,
});

const houseOffer = async (agent: SignedInMember, terms: ContractTerms) => {
  const response = await ops(
    app,
    'POST',
    `/ops/merchants/lanna/agents/${agent.username}/contracts`,
    {
      terms,
      reason: 'launch terms',
    },
  );
  return valueOf(response, ContractSchema);
};

const offer = (from: SignedInMember, downline: string, terms: unknown) =>
  postAs(app, from, '/wps/agent/contracts', { downline, terms });

const act = (who: SignedInMember, contract: Contract, action: string, body: unknown = {}) =>
  postAs(app, who, `/wps/agent/contracts/${contract.id}/${action}`, body);

const requestsOf = async (who: SignedInMember) =>
  valueOf(await getAs(app, who, '/wps/agent/contracts/requests'), ContractRequestsSchema);

const listOf = async (who: SignedInMember, query: string) =>
  valueOf(await getAs(app, who, `/wps/agent/contracts${query}`), ContractPageSchema).list.map(
    (c) => `${c.downline}:${c.topRateBp}:${c.status}${c.endedBy ? `:${c.endedBy}` : ''}`,
  );

const messagesOf = async (who: SignedInMember) =>
  (
    await testDb.db.query<{ title: string }>(
      'SELECT title FROM messages WHERE member_id = $1 ORDER BY id',
      [who.memberId],
    )
  ).map((row) => row.title);

/** An accepted contract: offered by `from` (the house when null) and accepted by `to`. */
const contract = async (from: SignedInMember | null, to: SignedInMember, rateBp: number) => {
  const offered = from
    ? valueOf(await offer(from, to.username, salary(rateBp)), ContractSchema)
    : await houseOffer(to, salary(rateBp));
  return valueOf(await act(to, offered, 'accept'), ContractSchema);
};

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  agents.root = await newSignedInMember(app, testDb.db, { type: 1, username: 'c_root' });
  agents.mid = await newSignedInMember(app, testDb.db, {
    type: 1,
    username: 'c_mid',
    upline: agents.root,
  });
  agents.leaf = await newSignedInMember(app, testDb.db, {
    type: 1,
    username: 'c_leaf',
    upline: agents.mid,
  });
  agents.other = await newSignedInMember(app, testDb.db, { type: 1, username: 'c_other' });
  member = await newSignedInMember(app, testDb.db, { username: 'c_member', upline: agents.mid });
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

describe('offering and answering', () => {
  it('reaches the downline as a message and a pop-up request, and the upline as an answer', async () => {
    const house = await houseOffer(agents.root, salary(100));
    expect(house).toMatchObject({ status: 'pending', upline: null, downline: 'c_root' });
    expect(await requestsOf(agents.root)).toMatchObject({
      realtimesalreqtype: 1,
      divtypereq: 0,
      requests: [{ type: 'new_contract', contract: { id: house.id } }],
    });
    expect(valueOf(await act(agents.root, house, 'accept'), ContractSchema).status).toBe('active');
    expect((await requestsOf(agents.root)).requests).toEqual([]);

    const offered = valueOf(await offer(agents.root, 'c_mid', salary(80)), ContractSchema);
    expect(await messagesOf(agents.mid)).toEqual(['New contract']);
    expect((await requestsOf(agents.mid)).realtimesalreqtype).toBe(1);
    expect(valueOf(await act(agents.mid, offered, 'accept'), ContractSchema)).toMatchObject({
      status: 'active',
      upline: 'c_root',
    });
    expect(await messagesOf(agents.root)).toEqual(['New contract', 'Contract accepted']);
  });

  it('never gives more than the upline holds, nor to anyone but a direct downline agent', async () => {
    const above = await offer(agents.mid, 'c_leaf', salary(81));
    expect([above.statusCode, codeOf(above)]).toEqual([400, 'CONTRACT_RATE_ABOVE_UPLINE']);
    const lossAbove = await offer(agents.mid, 'c_leaf', {
      ...salary(10),
      tiers: [{ threshold: '0', minActiveMembers: 0, rateBp: 10, lossRateBp: 90 }],
    });
    expect(codeOf(lossAbove)).toBe('CONTRACT_RATE_ABOVE_UPLINE');
    // c_other holds no contract: it has nothing to give.
    const other = await newSignedInMember(app, testDb.db, {
      type: 1,
      username: 'c_other_kid',
      upline: agents.other,
    });
    const empty = await offer(agents.other, other.username, salary(1));
    expect(codeOf(empty)).toBe('CONTRACT_RATE_ABOVE_UPLINE');
    for (const name of ['c_member', 'c_leaf', 'c_other', 'nobody']) {
      const response = await offer(agents.root, name, salary(10));
      expect([response.statusCode, codeOf(response)], name).toEqual([404, 'DOWNLINE_NOT_FOUND']);
    }
  });

  it('keeps one offer of a kind waiting, which the upline may withdraw', async () => {
    const pending = valueOf(await offer(agents.root, ' C_MID ', salary(10)), ContractSchema);
    expect(pending).toMatchObject({ downline: 'c_mid', status: 'pending' });
    const second = await offer(agents.root, 'c_mid', salary(20));
    expect([second.statusCode, codeOf(second)]).toEqual([409, 'CONTRACT_ALREADY_OFFERED']);
    expect(valueOf(await act(agents.root, pending, 'terminate'), ContractSchema)).toMatchObject({
      status: 'terminated',
      endedBy: 'upline',
    });
    // The withdrawn offer waits in c_mid's pop-up as a termination; acknowledging clears it.
    expect((await requestsOf(agents.mid)).realtimesalreqtype).toBe(2);
    valueOf(await act(agents.mid, pending, 'acknowledge'), ContractSchema);
    expect((await requestsOf(agents.mid)).realtimesalreqtype).toBe(0);
  });

  it.each([
    [{ ...salary(10), tiers: [] }, 'VALIDATION_FAILED'],
    [salary(10_001), 'VALIDATION_FAILED'],
    [salary(-1), 'VALIDATION_FAILED'],
    [salary(1.5), 'VALIDATION_FAILED'],
    [{ ...salary(10), minBetMinor: '-5' }, 'VALIDATION_FAILED'],
    [{ ...salary(10), kind: 'weekly_bonus' }, 'VALIDATION_FAILED'],
    [{ ...salary(10), period: 'W' }, 'RULES_NOT_MET'],
    [{ ...salary(10), kind: 'dividend' }, 'RULES_NOT_MET'],
    [
      {
        ...salary(10),
        tiers: [
          { threshold: '500', minActiveMembers: 0, rateBp: 5 },
          { threshold: '500', minActiveMembers: 0, rateBp: 10 },
        ],
      },
      'RULES_NOT_MET',
    ],
  ])('refuses the terms %j with %s', async (terms, code) => {
    const before = await listOf(agents.mid, '?side=offered');
    const response = await offer(agents.mid, 'c_leaf', terms);
    expect([response.statusCode, codeOf(response)]).toEqual([400, code]);
    expect(await listOf(agents.mid, '?side=offered')).toEqual(before);
  });

  it("lets only the downline answer, once, and hides others' contracts", async () => {
    const offered = valueOf(await offer(agents.mid, 'c_leaf', salary(60)), ContractSchema);
    for (const who of [agents.root, agents.other, agents.mid]) {
      const response = await act(who, offered, 'accept');
      expect([response.statusCode, codeOf(response)]).toEqual([404, 'CONTRACT_NOT_FOUND']);
    }
    const asMember = await act(member, offered, 'accept');
    expect([asMember.statusCode, codeOf(asMember)]).toEqual([403, 'FORBIDDEN']);
    valueOf(await act(agents.leaf, offered, 'accept'), ContractSchema);
    const again = await act(agents.leaf, offered, 'reject');
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'CONTRACT_NOT_PENDING']);
    const unknown = await postAs(app, agents.leaf, '/wps/agent/contracts/999999/accept', {});
    expect(codeOf(unknown)).toBe('CONTRACT_NOT_FOUND');
    const malformed = await postAs(app, agents.leaf, '/wps/agent/contracts/abc/accept', {});
    expect(codeOf(malformed)).toBe('VALIDATION_FAILED');
  });
});

describe('undercut and termination', () => {
  it('ends what the agent gave above a lower rate it accepts, once it confirms', async () => {
    // c_mid holds 80 and gave c_leaf 60; c_root now offers c_mid 50.
    const lower = valueOf(await offer(agents.root, 'c_mid', salary(50)), ContractSchema);
    const refused = await act(agents.mid, lower, 'accept');
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'CONTRACT_UNDERCUTS_DOWNLINES']);
    expect(
      refused.json<{ value: { undercutContracts: unknown } }>().value.undercutContracts,
    ).toEqual([expect.objectContaining({ downline: 'c_leaf', topRateBp: 60 })]);
    expect(await listOf(agents.mid, '?side=offered&status=active')).toEqual(['c_leaf:60:active']);

    valueOf(await act(agents.mid, lower, 'accept', { confirmUndercut: true }), ContractSchema);
    expect(await listOf(agents.mid, '?side=received&kind=realtime_salary')).toEqual([
      'c_mid:50:active',
      'c_mid:10:terminated:upline',
      'c_mid:80:terminated:replaced',
    ]);
    expect(await listOf(agents.mid, '?side=offered&status=terminated')).toEqual([
      'c_leaf:60:terminated:undercut',
    ]);
    expect(await requestsOf(agents.leaf)).toMatchObject({
      realtimesalreqtype: 2,
      requests: [{ type: 'termination', contract: { endedBy: 'undercut' } }],
    });
    expect((await messagesOf(agents.leaf)).at(-1)).toBe('Contract terminated');
  });

  it("takes the downline team's contracts with a contract that ends", async () => {
    await contract(agents.mid, agents.leaf, 40);
    const [midContract] = valueOf(
      await getAs(app, agents.mid, '/wps/agent/contracts?side=received&status=active'),
      ContractPageSchema,
    ).list;
    const ended = valueOf(
      await act(agents.mid, midContract as Contract, 'terminate'),
      ContractSchema,
    );
    expect(ended).toMatchObject({ status: 'terminated', endedBy: 'downline' });
    expect((await requestsOf(agents.root)).realtimesalreqtype).toBe(2);
    const leafNow = await listOf(agents.leaf, '?side=received&status=terminated');
    expect(leafNow[0]).toBe('c_leaf:40:terminated:undercut');
    const twice = await act(agents.mid, midContract as Contract, 'terminate');
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, 'CONTRACT_NOT_PENDING']);
  });

  it('keeps every change as history', async () => {
    const events = await testDb.db.query<{ event: string; actor: string }>(
      `SELECT e.event, e.actor FROM agent_contract_events e
       JOIN agent_contracts c ON c.id = e.contract_id
       WHERE c.downline_id = $1 AND c.top_rate_bp = 60 ORDER BY e.id`,
      [agents.leaf.memberId],
    );
    expect(events).toEqual([
      { event: 'offered', actor: 'upline' },
      { event: 'accepted', actor: 'downline' },
      { event: 'terminated', actor: 'undercut' },
    ]);
    await expect(testDb.db.query('DELETE FROM agent_contract_events')).rejects.toThrow(
      /append-only/,
    );
  });
});
