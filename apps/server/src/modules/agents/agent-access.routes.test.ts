// Who reaches what in the agent centre, over random trees (issue 22 acceptance): every agent
// route, called by every account of the tree, a trial and a guest. An agent sees and touches
// only its own subtree (its lists hold exactly it, a target outside it is not found), a member
// reaches none of the agent centre, a trial and a guest neither. A new agent route fails this
// test until it is probed here.
import { ENDPOINTS } from '@lanna/contract';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, openTestDb, sealedCall, type TestDb } from '../../testing/index.ts';
import { newSignedInMember, type SignedInMember } from '../../testing/factories/members.ts';
import { codeOf } from '../../testing/requests.ts';
import { offerHouseContract } from './contracts.service.ts';

let testDb: TestDb;
let app: FastifyInstance;
let trialToken: string;

type Account = SignedInMember & { isAgent: boolean; parent: number | null };
type Tree = Account[];
type Caller = { host: string; token?: string };

/** What a probe asks, and what it proves when the caller passed the role check. */
type Probe = (
  caller: Caller,
  context: { tree: Tree; self: Account | null; contractId: number },
) => Promise<LightMyRequestResponse[]>;

const get = (caller: Caller, url: string) =>
  call(app, {
    method: 'GET',
    url,
    host: caller.host,
    ...(caller.token ? { token: caller.token } : {}),
  });
const post = (caller: Caller, url: string, payload: unknown) =>
  call(app, {
    method: 'POST',
    url,
    payload: payload as object,
    host: caller.host,
    ...(caller.token ? { token: caller.token } : {}),
  });

const salary = {
  kind: 'realtime_salary',
  basis: 'valid_bet',
  tiering: 'highest',
  tiers: [{ threshold: '0', minActiveMembers: 0, rateBp: 10 }],
  minBetMinor: '0',
};

const subtreeOf = (tree: Tree, root: Account): Account[] => {
  const below = tree.filter((account) => account.parent === root.memberId);
  return below.flatMap((account) => [account, ...subtreeOf(tree, account)]);
};

/** Every agent route with its probe: `GET|POST path` as the contract names it. */
const PROBES: Record<string, Probe> = {
  'GET /wps/agent/team/overview': async (caller, { tree, self }) => {
    const response = await get(caller, '/wps/agent/team/overview');
    if (self && response.statusCode === 200) {
      expect(response.json<{ value: { members: number } }>().value.members).toBe(
        subtreeOf(tree, self).length,
      );
    }
    return [response];
  },
  'GET /wps/agent/downlines': async (caller, { tree, self }) => {
    const response = await get(caller, '/wps/agent/downlines?pageSize=100');
    if (self && response.statusCode === 200) {
      const listed = response.json<{ value: { list: { account: string }[] } }>().value.list;
      expect(new Set(listed.map((row) => row.account))).toEqual(
        new Set(subtreeOf(tree, self).map((account) => account.username)),
      );
    }
    return [response];
  },
  'POST /wps/agent/downlines': async (caller) => [
    await sealedCall(
      app,
      'POST',
      '/wps/agent/downlines',
      {
        username: 'x',
        password: 'Access@2026x',
        kind: 'member',
      },
      caller,
    ),
  ],
  // A freeze request names every account of the tree: only the caller's team is found (where
  // an agent higher up asked first, the request already waits).
  'POST /wps/agent/downlines/:account/freeze-request': async (caller, { tree, self }) =>
    Promise.all(
      tree.map(async (target) => {
        const response = await post(
          caller,
          `/wps/agent/downlines/${target.username}/freeze-request`,
          { reason: 'access probe' },
        );
        if (self && response.statusCode !== 403) {
          const inTeam = subtreeOf(tree, self).includes(target);
          expect(inTeam ? [200, 409] : [404], response.body).toContain(response.statusCode);
        }
        return response;
      }),
    ),
  'GET /wps/agent/invitation': async (caller) => [await get(caller, '/wps/agent/invitation')],
  'GET /wps/agent/team/betting': async (caller) => [await get(caller, '/wps/agent/team/betting')],
  'GET /wps/agent/team/players': async (caller) => [await get(caller, '/wps/agent/team/players')],
  'GET /wps/agent/team/transactions': async (caller) => [
    await get(caller, '/wps/agent/team/transactions'),
  ],
  'GET /wps/agent/payouts': async (caller) => [await get(caller, '/wps/agent/payouts?side=paid')],
  'POST /wps/agent/payouts/:id/pay': async (caller) => [
    await post(caller, '/wps/agent/payouts/1/pay', {}),
  ],
  'GET /wps/agent/contracts': async (caller) => [
    await get(caller, '/wps/agent/contracts?side=received'),
  ],
  'GET /wps/agent/contracts/requests': async (caller) => [
    await get(caller, '/wps/agent/contracts/requests'),
  ],
  // Offers and previews name every account of the tree: only a direct downline is found.
  'POST /wps/agent/contracts': async (caller, { tree, self }) =>
    Promise.all(
      tree.map(async (target) => {
        const response = await post(caller, '/wps/agent/contracts', {
          downline: target.username,
          terms: salary,
        });
        if (self && response.statusCode !== 403) {
          const direct = target.parent === self.memberId && target.isAgent;
          // The caller holds no contract of its own: a direct downline agent is found, then refused.
          expect(codeOf(response)).toBe(
            direct ? 'CONTRACT_RATE_ABOVE_UPLINE' : 'DOWNLINE_NOT_FOUND',
          );
        }
        return response;
      }),
    ),
  'POST /wps/agent/contracts/preview': async (caller, { tree, self }) =>
    Promise.all(
      tree.map(async (target) => {
        const response = await post(caller, '/wps/agent/contracts/preview', {
          downline: target.username,
          terms: salary,
        });
        if (self && response.statusCode !== 403) {
          expect(response.statusCode).toBe(target.parent === self.memberId ? 200 : 404);
        }
        return response;
      }),
    ),
  // The house's offer to the tree's first agent: no one else reaches it.
  ...Object.fromEntries(
    ['accept', 'reject', 'terminate', 'acknowledge'].map((action) => [
      `POST /wps/agent/contracts/:id/${action}`,
      (async (caller, { tree, self, contractId }) => {
        const response = await post(caller, `/wps/agent/contracts/${contractId}/${action}`, {});
        const owner = tree.find((account) => account.isAgent);
        if (self && self !== owner && response.statusCode !== 403) {
          expect(codeOf(response)).toBe('CONTRACT_NOT_FOUND');
        }
        return [response];
      }) satisfies Probe,
    ]),
  ),
};

// Covered by the wallet's own tests (member-transfer.routes.test.ts): agents only, subtree only.
const ELSEWHERE = new Set(['POST /wps/agent/transfer/downline']);

let runs = 0;

/** A random forest of agents and members at lanna, each below an earlier one or at the top. */
const treeArb = fc.array(fc.record({ isAgent: fc.boolean(), parent: fc.nat() }), {
  minLength: 3,
  maxLength: 7,
});

const buildTree = async (shape: { isAgent: boolean; parent: number }[]): Promise<Tree> => {
  runs += 1;
  const tree: Tree = [];
  for (const [index, node] of shape.entries()) {
    // The first account is an agent so the tree has someone to receive the house's offer.
    const isAgent = index === 0 || node.isAgent;
    const parentIndex = index === 0 ? null : node.parent % (index + 1);
    const parent =
      parentIndex === null || parentIndex === index ? null : (tree[parentIndex] ?? null);
    const account = await newSignedInMember(app, testDb.db, {
      type: isAgent ? 1 : 0,
      username: `acc${runs}n${index}`,
      upline: parent,
    });
    tree.push({ ...account, isAgent, parent: parent?.memberId ?? null });
  }
  return tree;
};

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  const trial = await post({ host: 'localhost' }, '/wps/session/login/freeplay', {
    os: 'Linux',
    platform: 'W',
  });
  trialToken = trial.json<{ value: { token: string } }>().value.token;
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

describe('agent routes by role, on random trees', () => {
  it('probes every agent route of the contract', () => {
    const agentRoutes = ENDPOINTS.filter(
      (endpoint) => endpoint.path.startsWith('/wps/agent/') && endpoint.auth === 'member',
    ).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set([...Object.keys(PROBES), ...ELSEWHERE])).toEqual(new Set(agentRoutes));
  });

  it('lets an agent reach only its subtree, and no one else reach the agent centre', async () => {
    await fc.assert(
      fc.asyncProperty(treeArb, async (shape) => {
        const tree = await buildTree(shape);
        const owner = tree[0] as Account;
        const contract = await offerHouseContract(
          { db: testDb.db, merchantId: owner.merchantId, now: app.clock() },
          owner.memberId,
          salary as never,
        );
        const callers: [Caller, Account | null, number, string][] = [
          ...tree.map((account): [Caller, Account | null, number, string] => [
            { host: account.host, token: account.token },
            account,
            account.isAgent ? 0 : 403,
            'FORBIDDEN',
          ]),
          [{ host: 'localhost', token: trialToken }, null, 403, 'TRIAL_ACCOUNT_FORBIDDEN'],
          [{ host: 'localhost' }, null, 401, 'UNAUTHORIZED'],
        ];
        for (const [caller, self, refusal, code] of callers) {
          for (const [route, probe] of Object.entries(PROBES)) {
            const responses = await probe(caller, {
              tree,
              self: refusal === 0 ? self : null,
              contractId: contract.id,
            });
            for (const response of responses) {
              if (refusal === 0) {
                expect(response.statusCode, `${route} ${response.body}`).toBeLessThan(500);
                expect(response.statusCode, route).not.toBe(403);
              } else {
                expect([response.statusCode, codeOf(response)], route).toEqual([refusal, code]);
              }
            }
          }
        }
      }),
      { numRuns: 4 },
    );
  });
});
