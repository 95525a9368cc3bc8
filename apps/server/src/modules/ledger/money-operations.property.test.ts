// Model-based property test over every money operation of issue 4 (reliability checklist A1,
// A4, A5): random sequences of deposit requests and their approval or rejection, withdrawal
// requests, payouts, rejections, confirmations and dispute refunds, wallet transfers into and
// out of a vendor wallet and recycle all (Siam Royal runs a transfer wallet), transfers to the
// upline, operator adjustments, freezes and maintenance, and a game provider's signed bets,
// wins and rollbacks, all through the real routes. Earlier requests come back under their keys,
// as they were (the first answer again, nothing moves) or with another body (refused). After
// every command: the answer's code is the model's, no 5xx, every member's wallets read through
// the operator API equal the model's, the ledger made exactly the transfers the model made,
// and the ledger's invariants hold. A failure prints the shrunk command sequence.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  walletsOf,
  type Answer,
  type MoneyApi,
  type VendorSigner,
} from '../../testing/money/money-api.ts';
import {
  bankChannelIdOf,
  MONEY_MERCHANT,
  newMoneyMember,
  openMoneyTestApp,
  PIN,
  type MoneyMember,
  type MoneyTestApp,
} from '../../testing/money/money-world.ts';
import { checkLedgerInvariants } from './invariants.service.ts';
import {
  emptyModel,
  expectConfirmation,
  expectCredit,
  expectDebit,
  expectDepositDecision,
  expectKeyed,
  expectRefund,
  expectRollback,
  expectWithdrawalDecision,
  identityOf,
  type Expectation,
  type KeyedBody,
  type KeyedKind,
  type Model,
} from '../../testing/money/money-model.ts';

/** The agent (member 0) and two members under it. */
const MEMBERS = 3;
const GAME = 'slot-1';

type Real = {
  db: Db;
  api: MoneyApi;
  signer: VendorSigner;
  members: MoneyMember[];
  channelId: number;
  merchantId: number;
  transfersAtStart: number;
  /** Every keyed request sent, for replays: member and operator kinds, and the vendor's. */
  sent: Sent[];
};

type VendorKind = 'debit' | 'credit' | 'rollback';
type VendorSent = { kind: VendorKind; body: KeyedBody; first: Answer };
type Sent = { kind: KeyedKind; member: number; body: KeyedBody } | VendorSent;

const isVendorSent = (sent: Sent): sent is VendorSent =>
  sent.kind === 'debit' || sent.kind === 'credit' || sent.kind === 'rollback';

const key = (label: string) => `${label}-${randomBytes(8).toString('hex')}`;

const memberOf = (real: Real, index: number): MoneyMember => {
  const member = real.members[index];
  if (!member) throw new Error(`no member ${index}`);
  return member;
};

const sendKeyed = (real: Real, kind: KeyedKind, member: number, body: KeyedBody) => {
  const { api } = real;
  const who = memberOf(real, member);
  switch (kind) {
    case 'deposit':
      return api.createDeposit(who, body);
    case 'withdrawal':
      return api.requestWithdrawal(who, body);
    case 'walletTransfer':
      return api.walletTransfer(who, body);
    case 'upline':
      return api.transferToUpline(who, body);
    case 'adjust':
      return api.adjust(MONEY_MERCHANT.code, who.username, body);
  }
};

const transferCount = async (db: Db, merchantId: number) =>
  (
    await db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM ledger_transfers WHERE merchant_id = $1',
      [merchantId],
    )
  ).count;

/** The answer against the expectation, then the model's change, then the world against it. */
const settle = async (model: Model, real: Real, answer: Answer, expected: Expectation) => {
  // Maintenance is the one refusal answered 503 (the contract's MAINTENANCE); any other 5xx is a bug.
  if (answer.code !== 'MAINTENANCE') expect(answer.status, answer.text).toBeLessThan(500);
  expect(answer.code, answer.text).toBe(expected.code);
  if (expected.code === 'OK') expected.apply?.(answer.value);
  for (const [index, member] of real.members.entries()) {
    const wallets = walletsOf(await real.api.memberWallets(MONEY_MERCHANT.code, member.username));
    const modelled = model.wallets[index];
    expect({
      member: index,
      main: wallets.main,
      vendor: wallets.vendor.get(MONEY_MERCHANT.vendorCode) ?? 0n,
      locked: wallets.locked,
    }).toEqual({ member: index, ...modelled });
  }
  expect((await transferCount(real.db, real.merchantId)) - real.transfersAtStart).toBe(
    model.transfers,
  );
  expect((await checkLedgerInvariants(real.db)).violations).toEqual([]);
};

type Command = fc.AsyncCommand<Model, Real>;

const command = (
  name: string,
  run: (model: Model, real: Real) => Promise<void>,
  check: (model: Model) => boolean = () => true,
): Command => ({
  check,
  run,
  toString: () => name,
});

// ---- member and operator requests under a key ----

/**
 * An amount as a share of what the wallet holds when the command runs (percent): up to 100 a
 * member can pay, beyond it an overdraft to refuse; an empty wallet is asked for `share` itself.
 */
type Share = { percent: number; of: 'main' | 'vendor' };

const amountOf = (model: Model, member: number, share: Share): bigint => {
  const balance = model.wallets[member]?.[share.of] ?? 0n;
  if (balance === 0n) return BigInt(share.percent);
  const amount = (balance * BigInt(share.percent)) / 100n;
  return amount > 0n ? amount : 1n;
};

const keyedCommand = (
  kind: KeyedKind,
  member: number,
  fields: Record<string, unknown>,
  share?: Share,
) =>
  command(
    `${kind}(${member}, ${JSON.stringify(fields)}${share ? `, ${share.percent}% of ${share.of}` : ''})`,
    async (model, real) => {
      const body: KeyedBody = {
        ...fields,
        ...(share ? { amountMinor: amountOf(model, member, share).toString() } : {}),
        idempotencyKey: key(kind),
      };
      if (kind === 'deposit')
        Object.assign(body, { channelId: real.channelId, payerName: 'Somchai Jaidee' });
      if (kind === 'withdrawal')
        Object.assign(body, { payeeAccountId: memberOf(real, member).payeeAccountId });
      if (kind === 'withdrawal' || kind === 'upline') body.paymentPassword = PIN;
      const expected = expectKeyed(model, kind, member, body);
      const answer = await sendKeyed(real, kind, member, body);
      real.sent.push({ kind, member, body });
      model.sent += 1;
      await settle(model, real, answer, expected);
    },
  );

/** An earlier request again under its key: as it was, or with another amount. */
const replayCommand = (pick: number, altered: boolean) =>
  command(
    `replay(#${pick}${altered ? ', altered' : ''})`,
    async (model, real) => {
      const earlier = real.sent[pick % real.sent.length];
      if (!earlier) throw new Error('nothing sent yet');
      const body = altered ? alter(earlier.body) : earlier.body;
      if (isVendorSent(earlier)) {
        const answer = await sendVendor(real, earlier.kind, body);
        // The vendor's key answers byte for byte what it first answered, refusals included.
        if (altered) await settle(model, real, answer, { code: 'IDEMPOTENCY_KEY_REUSED' });
        else {
          expect({ status: answer.status, text: answer.text }).toEqual({
            status: earlier.first.status,
            text: earlier.first.text,
          });
          await settle(model, real, answer, { code: earlier.first.code });
        }
        return;
      }
      const expected = expectKeyed(model, earlier.kind, earlier.member, body);
      const answer = await sendKeyed(real, earlier.kind, earlier.member, body);
      await settle(model, real, answer, expected);
      if (expected.replayOf !== undefined) {
        const value = answer.value as Record<string, unknown>;
        expect(identityOf(earlier.kind, value)).toBe(expected.replayOf);
        if ('replayed' in value) expect(value.replayed).toBe(true);
      }
    },
    (model) => model.sent > 0,
  );

const alter = (body: KeyedBody): KeyedBody =>
  body.amountMinor !== undefined
    ? { ...body, amountMinor: (BigInt(body.amountMinor) + 1n).toString() }
    : 'roundId' in body
      ? { ...body, roundId: `${String(body.roundId)}x` }
      : {
          ...body,
          action: body.action === 'recycleAll' ? 'fromVendor' : 'recycleAll',
          vendorCode: MONEY_MERCHANT.vendorCode,
          amountMinor: '1',
        };

// ---- operator decisions ----

const decideDepositCommand = (pick: number, approve: boolean) =>
  command(
    `${approve ? 'approve' : 'reject'}Deposit(#${pick})`,
    async (model, real) => {
      const index = pick % model.deposits.length;
      const deposit = model.deposits[index];
      if (!deposit) throw new Error('no deposit');
      const expected = expectDepositDecision(model, index, approve);
      const answer = approve
        ? await real.api.approveDeposit(MONEY_MERCHANT.code, deposit.id)
        : await real.api.rejectDeposit(MONEY_MERCHANT.code, deposit.id);
      await settle(model, real, answer, expected);
    },
    (model) => model.deposits.length > 0,
  );

const decideWithdrawalCommand = (pick: number, pay: boolean) =>
  command(
    `${pay ? 'pay' : 'reject'}Withdrawal(#${pick})`,
    async (model, real) => {
      const index = pick % model.withdrawals.length;
      const withdrawal = model.withdrawals[index];
      if (!withdrawal) throw new Error('no withdrawal');
      const expected = expectWithdrawalDecision(model, index, pay);
      const answer = pay
        ? await real.api.payWithdrawal(MONEY_MERCHANT.code, withdrawal.id)
        : await real.api.rejectWithdrawal(MONEY_MERCHANT.code, withdrawal.id);
      await settle(model, real, answer, expected);
    },
    (model) => model.withdrawals.length > 0,
  );

const confirmCommand = (pick: number, partly: number | null) =>
  command(
    `confirmWithdrawal(#${pick}, ${partly === null ? 'received' : `partly ${partly}`})`,
    async (model, real) => {
      const index = pick % model.withdrawals.length;
      const withdrawal = model.withdrawals[index];
      if (!withdrawal) throw new Error('no withdrawal');
      const remaining = partly === null ? null : 1n + (BigInt(partly) % withdrawal.amount);
      const expected = expectConfirmation(model, index, remaining);
      const answer = await real.api.confirmWithdrawal(
        memberOf(real, withdrawal.member),
        withdrawal.id,
        remaining === null
          ? { outcome: 'received' }
          : { outcome: 'partly_received', remainingMinor: remaining.toString() },
      );
      await settle(model, real, answer, expected);
    },
    (model) => model.withdrawals.length > 0,
  );

const refundCommand = (pick: number) =>
  command(
    `refundDispute(#${pick})`,
    async (model, real) => {
      const disputed = model.withdrawals.filter((withdrawal) => withdrawal.dispute);
      const withdrawal = disputed[pick % disputed.length];
      const dispute = withdrawal?.dispute;
      if (!withdrawal || !dispute) throw new Error('no dispute');
      if (dispute.id === null) {
        const open = await real.api.findDisputes(MONEY_MERCHANT.code);
        const list = (open.value as { list: { id: string; withdrawalId: string }[] }).list;
        dispute.id = list.find((row) => row.withdrawalId === withdrawal.id)?.id ?? null;
      }
      if (dispute.id === null) throw new Error(`no open dispute for withdrawal ${withdrawal.id}`);
      const expected = expectRefund(model, model.withdrawals.indexOf(withdrawal));
      const answer = await real.api.refundDispute(
        MONEY_MERCHANT.code,
        dispute.id,
        dispute.missing.toString(),
      );
      await settle(model, real, answer, expected);
    },
    (model) => model.withdrawals.some((withdrawal) => withdrawal.dispute),
  );

const freezeCommand = (member: number, frozen: boolean) =>
  command(`${frozen ? 'freeze' : 'unfreeze'}(${member})`, async (model, real) => {
    const answer = await real.api.setFrozen(
      MONEY_MERCHANT.code,
      memberOf(real, member).username,
      frozen,
    );
    await settle(model, real, answer, {
      code: 'OK',
      apply: () => {
        model.frozen[member] = frozen;
      },
    });
  });

const maintenanceCommand = (enabled: boolean) =>
  command(`maintenance(${enabled})`, async (model, real) => {
    const answer = await real.api.setMaintenance(MONEY_MERCHANT.code, enabled);
    await settle(model, real, answer, {
      code: 'OK',
      apply: () => {
        model.maintenance = enabled;
      },
    });
  });

// ---- the game provider ----

const sendVendor = (real: Real, kind: VendorKind, body: KeyedBody) =>
  kind === 'debit'
    ? real.api.debit(real.signer, body)
    : kind === 'credit'
      ? real.api.credit(real.signer, body)
      : real.api.rollback(real.signer, body);

const vendorRequest = async (
  model: Model,
  real: Real,
  kind: VendorKind,
  body: KeyedBody,
  expected: Expectation,
  balanceOf: number,
) => {
  const answer = await sendVendor(real, kind, body);
  real.sent.push({ kind, body, first: answer });
  model.sent += 1;
  await settle(model, real, answer, expected);
  // A movement's answer carries the player's balance right after it.
  if (expected.code === 'OK' && kind !== 'rollback')
    expect((answer.value as { balanceMinor: string }).balanceMinor).toBe(
      model.wallets[balanceOf]?.vendor.toString(),
    );
};

/** A bet on a new round, or (pick) on a round already played, of the member or another. */
const betCommand = (member: number, pick: number | null, percent: number, voided: number | null) =>
  command(
    `bet(${member}, ${pick === null ? 'new round' : `round #${pick}`}, ${percent}%${voided === null ? '' : `, voided #${voided}`})`,
    async (model, real) => {
      const amount = amountOf(model, member, { percent, of: 'vendor' });
      const round =
        pick === null || model.rounds.length === 0
          ? null
          : (model.rounds[pick % model.rounds.length] ?? null);
      const voidedIds = [...model.voided];
      const txn =
        voided !== null && voidedIds.length > 0
          ? (voidedIds[voided % voidedIds.length] ?? key('bet'))
          : key('bet');
      const roundId = round?.id ?? key('round');
      const who = memberOf(real, member);
      const body: KeyedBody = {
        idempotencyKey: key('vk'),
        transactionId: txn,
        roundId,
        gameCode: GAME,
        playerId: who.playerId,
        token: who.vendorToken,
        currency: 'THB',
        amountMinor: amount.toString(),
      };
      const expected = expectDebit(model, { member, round, roundId, txn, amount });
      await vendorRequest(model, real, 'debit', body, expected, member);
    },
  );

const winCommand = (pick: number, amount: bigint, closes: boolean) =>
  command(
    `win(round #${pick}, ${amount}${closes ? ', closes' : ''})`,
    async (model, real) => {
      const round = model.rounds[pick % model.rounds.length];
      if (!round) throw new Error('no round');
      const body: KeyedBody = {
        idempotencyKey: key('vk'),
        transactionId: key('win'),
        roundId: round.id,
        playerId: memberOf(real, round.member).playerId,
        currency: 'THB',
        amountMinor: amount.toString(),
        roundClosed: closes,
      };
      const expected = expectCredit(model, round, { amount, closes });
      await vendorRequest(model, real, 'credit', body, expected, round.member);
    },
    (model) => model.rounds.length > 0,
  );

const rollbackCommand = (pick: number | null, member: number) =>
  command(
    pick === null ? `rollbackUnseen(${member})` : `rollback(debit #${pick})`,
    async (model, real) => {
      const debits = model.rounds.flatMap((round) =>
        round.debits.map((debit) => ({ round, debit })),
      );
      const target = pick === null || debits.length === 0 ? null : debits[pick % debits.length];
      const unseen = key('bet');
      const roundId = target?.round.id ?? key('round');
      const player = memberOf(real, target?.round.member ?? member).playerId;
      const body: KeyedBody = {
        idempotencyKey: key('vk'),
        transactionId: key('rollback'),
        referenceTransactionId: target?.debit.txn ?? unseen,
        roundId,
        playerId: player,
      };
      const expected = expectRollback(model, target ?? { unseen });
      await vendorRequest(model, real, 'rollback', body, expected, target?.round.member ?? member);
    },
  );

// ---- the arbitraries ----

const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const pick = fc.nat({ max: 1000 });
/** Mostly a share a member can pay, sometimes beyond: an overdraft to refuse. */
const percent = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 100 }) },
  { weight: 1, arbitrary: fc.integer({ min: 101, max: 400 }) },
);
const text = (value: bigint) => value.toString();

const funding = fc
  .tuple(member, fc.bigInt({ min: 10_000n, max: 60_000n }))
  .map(([m, a]) =>
    keyedCommand('adjust', m, { direction: 'credit', amountMinor: text(a), reason: 'welcome' }),
  );
const deposits = fc
  .tuple(
    member,
    fc.oneof(fc.bigInt({ min: 20_000n, max: 90_000n }), fc.bigInt({ min: 1n, max: 19_999n })),
  )
  .map(([m, a]) => keyedCommand('deposit', m, { amountMinor: text(a) }));
const walletTransfers = fc
  .tuple(member, fc.constantFrom('toVendor', 'toVendor', 'fromVendor', 'recycleAll'), percent)
  .map(([m, action, p]) =>
    action === 'recycleAll'
      ? keyedCommand('walletTransfer', m, { action })
      : keyedCommand(
          'walletTransfer',
          m,
          { action, vendorCode: MONEY_MERCHANT.vendorCode },
          { percent: p, of: action === 'toVendor' ? 'main' : 'vendor' },
        ),
  );
const bets = fc
  .tuple(member, fc.option(pick, { nil: null }), percent, fc.option(pick, { nil: null, freq: 6 }))
  .map(([m, p, a, v]) => betCommand(m, p, a, v));
const wins = fc
  .tuple(pick, fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 30_000n })), fc.boolean())
  .map(([p, a, closes]) => winCommand(p, a, closes));

// fc.commands has no weights: an arbitrary listed twice comes twice as often. Money coming in
// and play come more often than the switches that refuse everything, and maintenance is
// switched off more often than on, so most of a run is open for business.
const commands = [
  funding,
  funding,
  deposits,
  deposits,
  fc.tuple(pick, fc.boolean()).map(([p, approve]) => decideDepositCommand(p, approve)),
  fc.tuple(pick, fc.boolean()).map(([p, approve]) => decideDepositCommand(p, approve)),
  fc
    .tuple(member, percent)
    .map(([m, p]) => keyedCommand('withdrawal', m, {}, { percent: p, of: 'main' })),
  fc.tuple(pick, fc.boolean()).map(([p, pay]) => decideWithdrawalCommand(p, pay)),
  fc.tuple(pick, fc.boolean()).map(([p, pay]) => decideWithdrawalCommand(p, pay)),
  fc
    .tuple(pick, fc.option(fc.nat(), { nil: null }))
    .map(([p, partly]) => confirmCommand(p, partly)),
  fc
    .tuple(pick, fc.option(fc.nat(), { nil: null }))
    .map(([p, partly]) => confirmCommand(p, partly)),
  pick.map(refundCommand),
  pick.map(refundCommand),
  walletTransfers,
  walletTransfers,
  fc
    .tuple(member, percent)
    .map(([m, p]) => keyedCommand('upline', m, {}, { percent: p, of: 'main' })),
  fc
    .tuple(member, percent)
    .map(([m, p]) =>
      keyedCommand(
        'adjust',
        m,
        { direction: 'debit', reason: 'goodwill correction' },
        { percent: p, of: 'main' },
      ),
    ),
  bets,
  bets,
  wins,
  wins,
  fc.tuple(fc.option(pick, { nil: null, freq: 5 }), member).map(([p, m]) => rollbackCommand(p, m)),
  fc.tuple(member, fc.boolean()).map(([m, frozen]) => freezeCommand(m, frozen)),
  fc.boolean().map(maintenanceCommand),
  fc.constant(false).map(maintenanceCommand),
  fc.tuple(pick, fc.boolean()).map(([p, altered]) => replayCommand(p, altered)),
  fc.tuple(pick, fc.boolean()).map(([p, altered]) => replayCommand(p, altered)),
];

let world: MoneyTestApp;

beforeAll(async () => {
  world = await openMoneyTestApp();
});

afterAll(async () => {
  await world.close();
});

it('agrees with the model and keeps the ledger whole over random money operations', async () => {
  const { api, signer } = world;
  const { db } = world.testDb;
  const merchantId = (
    await db.one<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [MONEY_MERCHANT.code])
  ).id;
  const channelId = await bankChannelIdOf(db, merchantId);
  const limits = await db.one<{ min_minor: string; max_minor: string }>(
    'SELECT min_minor::text, max_minor::text FROM payment_channels WHERE id = $1',
    [channelId],
  );
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 60, size: 'max' }), async (sequence) => {
      // Each run has members of its own and starts out of maintenance.
      expect((await api.setMaintenance(MONEY_MERCHANT.code, false)).status).toBe(200);
      const agent = await newMoneyMember(db, api, { type: 1, payments: true });
      const members = [
        agent,
        ...(await Promise.all(
          Array.from({ length: MEMBERS - 1 }, () =>
            newMoneyMember(db, api, { upline: agent, payments: true }),
          ),
        )),
      ];
      const real: Real = {
        db,
        api,
        signer,
        members,
        channelId,
        merchantId,
        transfersAtStart: await transferCount(db, merchantId),
        sent: [],
      };
      await fc.asyncModelRun(
        () => ({
          model: emptyModel(MEMBERS, {
            minMinor: BigInt(limits.min_minor),
            maxMinor: BigInt(limits.max_minor),
          }),
          real,
        }),
        sequence,
      );
    }),
    { numRuns: 12 },
  );
});
