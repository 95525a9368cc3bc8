// Salaries over random trees, contracts and bets (issue 22 acceptance): whatever the tree, the
// rates (each at most its upline's) and the rounds played, and wherever a node stops in the
// run, the runs that follow pay every contract in force exactly what its rules say, once; the
// ledger stays balanced and no rate in force exceeds its upline's.
import type { ContractTerms } from '@lanna/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { expectInvariants } from '../../testing/factories/games.ts';
import {
  closeMemberWorld,
  fundMainWallet,
  newLannaMember,
  openMemberWorld,
  playHouseRound,
  type MemberWorld,
} from '../../testing/member-world.ts';
import { insertHierarchy } from '../auth/index.ts';
import { acceptContract, offerContract, offerHouseContract } from './contracts.service.ts';
import { payoutOf, type PlayerPeriod } from './payout-rules.ts';
import { settleMerchant, SLOT_MS } from './settlement.service.ts';

let world: MemberWorld;
let runs = 0;

type Node = { id: number; name: string; parent: number | null; isAgent: boolean };

const shapeArb = fc.record({
  nodes: fc.array(fc.record({ parent: fc.nat(), isAgent: fc.boolean() }), {
    minLength: 2,
    maxLength: 6,
  }),
  rates: fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 7, maxLength: 7 }),
  lossRates: fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 7, maxLength: 7 }),
  bets: fc.array(
    fc.record({ node: fc.nat(), betMinor: fc.integer({ min: 1, max: 5_000 }), win: fc.boolean() }),
    { maxLength: 6 },
  ),
  crashAfter: fc.nat({ max: 8 }),
});

const terms = (rateBp: number, lossRateBp: number): ContractTerms => ({
  kind: 'realtime_salary',
  basis: 'valid_bet',
  tiering: 'highest',
  tiers: [{ threshold: '0', minActiveMembers: 0, rateBp, lossRateBp }],
  minBetMinor: '0',
});

const ctxOf = (db: Db = world.db) => ({ db, merchantId: world.lanna, now: world.clock() });

/** A lanna account below the parent, as the hierarchy keeps it. */
const place = async (name: string, isAgent: boolean, parent: number | null): Promise<number> => {
  const id = await newLannaMember(world, name, 'Property@2026x');
  await world.db.query('UPDATE members SET type = $2, upline_id = $3 WHERE id = $1', [
    id,
    isAgent ? 1 : 0,
    parent,
  ]);
  await world.db.query('DELETE FROM agent_hierarchy WHERE descendant_id = $1', [id]);
  await insertHierarchy(world.db, world.lanna, id, parent);
  return id;
};

beforeAll(async () => {
  world = await openMemberWorld('2026-04-01T00:00:00.000Z');
});

afterAll(async () => {
  await closeMemberWorld(world);
});

describe('real-time salary runs', () => {
  it('pay every contract in force its rules once, wherever a run stops', async () => {
    await fc.assert(
      fc.asyncProperty(shapeArb, async (shape) => {
        runs += 1;
        // Each run plays in its own window, ten minutes after the last one's.
        const windowStart = Date.parse('2026-04-01T01:00:00.000Z') + runs * 2 * SLOT_MS;
        world.clock.set(new Date(windowStart - 60_000).toISOString());

        // A top agent, then each node below an earlier one.
        const nodes: Node[] = [];
        for (const [index, node] of [{ parent: 0, isAgent: true }, ...shape.nodes].entries()) {
          const name = `pr${runs}n${index}`;
          const parent = index === 0 ? null : (nodes[node.parent % index] as Node).id;
          const isAgent = index === 0 || node.isAgent;
          nodes.push({ id: await place(name, isAgent, parent), name, parent, isAgent });
        }

        // Contracts down the agents, each at most its upline's rates.
        const held = new Map<number, ContractTerms>();
        for (const [index, node] of nodes.entries()) {
          const upline = node.parent === null ? null : held.get(node.parent);
          if (!node.isAgent || (node.parent !== null && !upline)) continue;
          const tier = upline?.tiers[0];
          const top = tier ? Math.min(tier.rateBp, tier.lossRateBp ?? tier.rateBp) : 500;
          const own = terms(
            Math.min(shape.rates[index] ?? 0, top),
            Math.min(shape.lossRates[index] ?? 0, top),
          );
          const offered =
            node.parent === null
              ? await offerHouseContract(ctxOf(), node.id, own)
              : await offerContract(ctxOf(), node.parent, { downline: node.name, terms: own });
          await acceptContract(ctxOf(), node.id, offered.id, false);
          held.set(node.id, own);
        }

        // Rounds in the window, and what each player did in it.
        world.clock.set(new Date(windowStart + 60_000).toISOString());
        const played = new Map<number, PlayerPeriod>();
        for (const [index, bet] of shape.bets.entries()) {
          const player = nodes[bet.node % nodes.length] as Node;
          const stake = BigInt(bet.betMinor);
          await fundMainWallet(world, player.id, stake, `prop:${runs}:${index}`);
          const win = bet.win ? stake * 2n : 0n;
          await playHouseRound(world, player.id, stake, win);
          const before = played.get(player.id) ?? { validBetMinor: 0n, profitMinor: 0n };
          played.set(player.id, {
            validBetMinor: before.validBetMinor + stake,
            profitMinor: before.profitMinor + win - stake,
          });
        }

        // Pay time: a node stops after `crashAfter` transactions, then runs go on.
        world.clock.set(new Date(windowStart + SLOT_MS + 31_000).toISOString());
        let transactions = 0;
        const crashing: Db = {
          ...world.db,
          transaction: (fn) => {
            transactions += 1;
            if (transactions > shape.crashAfter) return Promise.reject(new Error('node stopped'));
            return world.db.transaction(fn);
          },
        };
        await settleMerchant(ctxOf(crashing)).catch((error: unknown) => {
          if (!(error instanceof Error) || error.message !== 'node stopped') throw error;
        });
        // After the stopped node's lease, two nodes at once.
        world.clock.set(new Date(windowStart + SLOT_MS + 6 * 60_000).toISOString());
        await Promise.all([settleMerchant(ctxOf()), settleMerchant(ctxOf())]);

        // Every contract in force: one payout for the window, of what its rules say.
        const teamOf = (root: Node): Node[] => [
          root,
          ...nodes.filter((node) => node.parent === root.id).flatMap(teamOf),
        ];
        for (const node of nodes) {
          const own = held.get(node.id);
          if (!own) continue;
          const players = teamOf(node).flatMap((member) => {
            const figures = played.get(member.id);
            return figures ? [figures] : [];
          });
          const expected = payoutOf(own, players).amountMinor;
          const rows = await world.db.query<{ amount_minor: string }>(
            'SELECT amount_minor::text FROM agent_payouts WHERE payee_id = $1 AND period_start = $2',
            [node.id, new Date(windowStart)],
          );
          expect(
            rows.map((row) => BigInt(row.amount_minor)),
            node.name,
          ).toEqual([expected]);
          const moved = await world.db.one<{ total: string }>(
            `SELECT coalesce(sum(e.amount_minor), 0)::text AS total FROM ledger_entries e
             JOIN ledger_transfers t ON t.id = e.transfer_id
             WHERE t.type = 'salary' AND e.member_id = $1 AND e.amount_minor > 0
               AND t.idempotency_key LIKE $2`,
            [node.id, `agent-pay:%:${new Date(windowStart).toISOString()}%`],
          );
          expect(BigInt(moved.total), node.name).toBe(expected);
        }
        // No rate in force above its upline's.
        const above = await world.db.query(
          `SELECT c.id FROM agent_contracts c JOIN agent_contracts u
             ON u.downline_id = c.upline_id AND u.kind = c.kind AND u.status = 'active'
           WHERE c.status = 'active' AND c.top_rate_bp > u.top_rate_bp`,
        );
        expect(above).toEqual([]);
        await expectInvariants(world.db);
      }),
      { numRuns: 6 },
    );
  });
});
