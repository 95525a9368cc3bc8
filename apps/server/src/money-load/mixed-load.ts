import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db/client.ts';
import {
  walletsOf,
  type Answer,
  type MoneyApi,
  type VendorSigner,
} from '../testing/money/money-api.ts';
import {
  bankChannelIdOf,
  merchantIdOf,
  MONEY_MERCHANT,
  newMoneyMember,
  PIN,
  prepareMoneyMerchant,
  type MoneyMember,
} from '../testing/money/money-world.ts';
import { NoAnswerError } from '../testing/money/transport.ts';

/**
 * The mixed money load of the concurrency and crash tests (issue 4, Acceptance): many clients
 * at once doing bets, wins and rollbacks through the signed vendor API, wallet transfers,
 * transfers to the upline, operator adjustments, deposits and their approval, withdrawals and
 * their payout or refusal, replays of keys already answered and twin requests sent at once
 * under one key, all on a few hot accounts over real HTTP. Every answer is turned into the
 * ledger effects it acknowledges (ledger key, transfer id, wallet deltas), so the test can
 * demand exactly those transfers of the ledger and exactly those balances of the wallets.
 */

type Wallet = 'main' | 'vendor' | 'locked';
type Delta = { member: number; wallet: Wallet; amount: bigint };

/** One acknowledged ledger transfer: its key, its id when the answer names it, what it moved. */
export type Effect = { key: string; transferId: string | null; deltas: Delta[] };

/** A request the load sent, kept to send again: a replay, or the resolution after a crash. */
export type Sent = {
  kind: string;
  send: () => Promise<Answer>;
  /** The ledger effects an answer to it acknowledges (none for a refusal). */
  effectsOf: (answer: Answer) => Effect[];
  /** Vendor calls: any answer again is the same bytes (refusals are stored too). */
  byteForByte: boolean;
  /** What a success stands for (a deposit's or withdrawal's id): the same on every replay. */
  identityOf?: (answer: Answer) => string;
  first: Answer | null;
};

export type LoadWorld = {
  db: Db;
  api: MoneyApi;
  signer: VendorSigner;
  merchantId: number;
  channelId: number;
  /** Member 0 is the agent; the others are its members, the upline transfers' senders. */
  members: MoneyMember[];
  start: { main: bigint; vendor: bigint }[];
};

export type LoadRecord = {
  effects: Map<string, Effect>;
  sent: Sent[];
  /** Requests that got no answer (a killed server): applied or not, nobody knows yet. */
  unanswered: Sent[];
  requests: number;
  answered: number;
  /** Answers that contradicted an earlier answer under the same key. */
  conflicts: string[];
  /** 5xx answers other than MAINTENANCE: bugs. */
  serverErrors: string[];
};

export const newLoadRecord = (): LoadRecord => ({
  effects: new Map(),
  sent: [],
  unanswered: [],
  requests: 0,
  answered: 0,
  conflicts: [],
  serverErrors: [],
});

const FUNDING_MINOR = 1_000_000_000n;
const VENDOR_FLOAT_MINOR = 200_000_000n;

/** The hot accounts: an agent and `members` members under it, funded through the routes. */
export const prepareLoadWorld = async (
  db: Db,
  api: MoneyApi,
  members: number,
): Promise<LoadWorld> => {
  const signer = await prepareMoneyMerchant(api);
  const merchantId = await merchantIdOf(db, MONEY_MERCHANT.code);
  const agent = await newMoneyMember(db, api, { type: 1, payments: true });
  const all = [agent];
  for (let index = 0; index < members; index += 1)
    all.push(await newMoneyMember(db, api, { upline: agent, payments: true }));
  for (const member of all) {
    const credit = await api.adjust(MONEY_MERCHANT.code, member.username, {
      direction: 'credit',
      amountMinor: FUNDING_MINOR.toString(),
      reason: 'load funding',
      idempotencyKey: `fund-${randomBytes(8).toString('hex')}`,
    });
    const float = await api.walletTransfer(member, {
      action: 'toVendor',
      vendorCode: MONEY_MERCHANT.vendorCode,
      amountMinor: VENDOR_FLOAT_MINOR.toString(),
      idempotencyKey: `float-${randomBytes(8).toString('hex')}`,
    });
    if (credit.status !== 200 || float.status !== 200)
      throw new Error(`funding failed: ${credit.text} ${float.text}`);
  }
  return {
    db,
    api,
    signer,
    merchantId,
    channelId: await bankChannelIdOf(db, merchantId),
    members: all,
    start: all.map(() => ({
      main: FUNDING_MINOR - VENDOR_FLOAT_MINOR,
      vendor: VENDOR_FLOAT_MINOR,
    })),
  };
};

const id = (label: string) => `${label}-${randomBytes(8).toString('hex')}`;
const pickOf = <T>(items: readonly T[]): T | undefined =>
  items.length === 0 ? undefined : items[randomInt(items.length)];

/** Mostly small amounts; one in forty far beyond any balance: an overdraft to refuse. */
const amount = (): bigint => (randomInt(40) === 0 ? 10_000_000_000n : BigInt(randomInt(1, 5_000)));

type Debit = { member: number; roundId: string; txn: string; amount: bigint };

/** What later operations build on: open rounds, debits to roll back, deposits to decide. */
type Pools = {
  debits: Debit[];
  deposits: { id: string; member: number; amount: bigint }[];
  withdrawals: { id: string; member: number; amount: bigint }[];
};

const vendorKey = (transactionId: string) => `vendor:${MONEY_MERCHANT.vendorCode}:${transactionId}`;

/**
 * Takes an answer in: a 5xx (other than maintenance) is a server error; an answer that
 * contradicts the first one under the same key (other bytes from a vendor call, another id,
 * another transfer for a ledger key) is a conflict; its effects join the record once each.
 * True when it is the request's first answer.
 */
export const recordAnswer = (record: LoadRecord, sent: Sent, answer: Answer): boolean => {
  record.answered += 1;
  if (answer.status >= 500 && answer.code !== 'MAINTENANCE')
    record.serverErrors.push(`${sent.kind}: ${answer.status} ${answer.text}`);
  const first = sent.first;
  if (first) {
    const differs = sent.byteForByte
      ? answer.text !== first.text
      : sent.identityOf !== undefined &&
        first.status === 200 &&
        answer.status === 200 &&
        sent.identityOf(answer) !== sent.identityOf(first);
    if (differs) record.conflicts.push(`${sent.kind}: ${first.text} then ${answer.text}`);
  }
  sent.first ??= answer;
  for (const effect of sent.effectsOf(answer)) {
    const earlier = record.effects.get(effect.key);
    if (earlier && earlier.transferId !== effect.transferId)
      record.conflicts.push(`${effect.key}: ${earlier.transferId} then ${effect.transferId}`);
    if (!earlier) record.effects.set(effect.key, effect);
  }
  return first === null;
};

/**
 * One client's next operation: builds the request, sends it (twice at once for a twin),
 * records its answer. `stop` ends the client between operations.
 */
export const runLoad = async (
  world: LoadWorld,
  record: LoadRecord,
  options: { clients: number; operations: number; stop?: () => boolean },
): Promise<void> => {
  const pools: Pools = { debits: [], deposits: [], withdrawals: [] };
  const { api, signer, members } = world;
  const memberAt = (index: number) => {
    const member = members[index];
    if (!member) throw new Error(`no member ${index}`);
    return member;
  };
  const anyMember = () => randomInt(members.length);

  // Requests with a first answer, for replays to pick from.
  const answered: Sent[] = [];
  const acknowledge = (sent: Sent, answer: Answer) => {
    if (recordAnswer(record, sent, answer)) answered.push(sent);
  };

  /** Sends once, or twice at once (a twin); a request without an answer is remembered. */
  const send = async (sent: Sent, twin = false): Promise<Answer | null> => {
    record.sent.push(sent);
    const copies = twin ? 2 : 1;
    record.requests += copies;
    const answers = await Promise.all(
      Array.from({ length: copies }, () =>
        sent.send().catch((error: unknown) => {
          if (error instanceof NoAnswerError) return null;
          throw error;
        }),
      ),
    );
    let last: Answer | null = null;
    for (const answer of answers) {
      if (answer) acknowledge(sent, answer);
      last = answer ?? last;
    }
    if (answers.some((answer) => answer === null)) record.unanswered.push(sent);
    return last;
  };

  const bet = async (twin: boolean) => {
    const member = anyMember();
    const who = memberAt(member);
    const open = pools.debits.filter((debit) => debit.member === member);
    const roundId = randomInt(3) === 0 ? (pickOf(open)?.roundId ?? id('round')) : id('round');
    const debit: Debit = { member, roundId, txn: id('bet'), amount: amount() };
    const body = {
      idempotencyKey: id('vk'),
      transactionId: debit.txn,
      roundId,
      gameCode: 'slot-1',
      playerId: who.playerId,
      token: who.vendorToken,
      currency: 'THB',
      amountMinor: debit.amount.toString(),
    };
    const answer = await send(
      {
        kind: 'bet',
        send: () => api.debit(signer, body),
        byteForByte: true,
        first: null,
        effectsOf: (reply) =>
          reply.status === 200
            ? [
                {
                  key: vendorKey(debit.txn),
                  transferId: (reply.value as { walletTransactionId: string }).walletTransactionId,
                  deltas: [{ member, wallet: 'vendor', amount: -debit.amount }],
                },
              ]
            : [],
      },
      twin,
    );
    if (answer?.status === 200) pools.debits.push(debit);
  };

  const win = async () => {
    const debit = pickOf(pools.debits);
    if (!debit) return bet(false);
    const txn = id('win');
    const won = BigInt(randomInt(0, 8_000));
    const body = {
      idempotencyKey: id('vk'),
      transactionId: txn,
      roundId: debit.roundId,
      playerId: memberAt(debit.member).playerId,
      currency: 'THB',
      amountMinor: won.toString(),
      roundClosed: false,
    };
    await send({
      kind: 'win',
      send: () => api.credit(signer, body),
      byteForByte: true,
      first: null,
      effectsOf: (reply) =>
        reply.status === 200 && won > 0n
          ? [
              {
                key: vendorKey(txn),
                transferId: (reply.value as { walletTransactionId: string }).walletTransactionId,
                deltas: [{ member: debit.member, wallet: 'vendor', amount: won }],
              },
            ]
          : [],
    });
  };

  const rollback = async () => {
    // Each debit is rolled back by one rollback id at most, so an answer names its own transfer.
    const index = pools.debits.length === 0 ? -1 : randomInt(pools.debits.length);
    const [debit] = index < 0 ? [] : pools.debits.splice(index, 1);
    if (!debit) return bet(false);
    const txn = id('rollback');
    const body = {
      idempotencyKey: id('vk'),
      transactionId: txn,
      referenceTransactionId: debit.txn,
      roundId: debit.roundId,
      playerId: memberAt(debit.member).playerId,
    };
    await send({
      kind: 'rollback',
      send: () => api.rollback(signer, body),
      byteForByte: true,
      first: null,
      effectsOf: (reply) =>
        reply.status === 200
          ? [
              {
                key: vendorKey(txn),
                transferId: (reply.value as { walletTransactionId: string }).walletTransactionId,
                deltas: [{ member: debit.member, wallet: 'vendor', amount: debit.amount }],
              },
            ]
          : [],
    });
  };

  const walletTransfer = async (twin: boolean) => {
    const member = anyMember();
    const who = memberAt(member);
    const roll = randomInt(10);
    const action = roll === 0 ? 'recycleAll' : roll < 6 ? 'toVendor' : 'fromVendor';
    const key = id('wt');
    const body =
      action === 'recycleAll'
        ? { action, idempotencyKey: key }
        : {
            action,
            vendorCode: MONEY_MERCHANT.vendorCode,
            amountMinor: amount().toString(),
            idempotencyKey: key,
          };
    await send(
      {
        kind: 'walletTransfer',
        send: () => api.walletTransfer(who, body),
        byteForByte: false,
        first: null,
        effectsOf: (reply) =>
          reply.status !== 200
            ? []
            : (
                reply.value as {
                  movements: {
                    direction: string;
                    amountMinor: string;
                    transferId: string;
                    vendorCode: string;
                  }[];
                }
              ).movements.map((movement) => {
                const moved = BigInt(movement.amountMinor);
                const sign = movement.direction === 'toVendor' ? 1n : -1n;
                return {
                  key: `wallet:${who.memberId}:${key}${action === 'recycleAll' ? `:${movement.vendorCode}` : ''}`,
                  transferId: movement.transferId,
                  deltas: [
                    { member, wallet: 'main', amount: -sign * moved },
                    { member, wallet: 'vendor', amount: sign * moved },
                  ],
                };
              }),
      },
      twin,
    );
  };

  const uplineTransfer = async () => {
    const member = 1 + randomInt(members.length - 1);
    const who = memberAt(member);
    const key = id('up');
    const moved = amount();
    await send({
      kind: 'upline',
      send: () =>
        api.transferToUpline(who, {
          amountMinor: moved.toString(),
          paymentPassword: PIN,
          idempotencyKey: key,
        }),
      byteForByte: false,
      first: null,
      effectsOf: (reply) =>
        reply.status === 200
          ? [
              {
                key: `member-transfer:${who.memberId}:${key}`,
                transferId: (reply.value as { transferId: string }).transferId,
                deltas: [
                  { member, wallet: 'main', amount: -moved },
                  { member: 0, wallet: 'main', amount: moved },
                ],
              },
            ]
          : [],
    });
  };

  const adjust = async (twin: boolean) => {
    const member = anyMember();
    const direction = randomInt(2) === 0 ? 'credit' : 'debit';
    const moved = amount();
    const key = id('adj');
    const body = {
      direction,
      amountMinor: moved.toString(),
      reason: 'load adjustment',
      idempotencyKey: key,
    };
    await send(
      {
        kind: 'adjust',
        send: () => api.adjust(MONEY_MERCHANT.code, memberAt(member).username, body),
        byteForByte: false,
        first: null,
        effectsOf: (reply) =>
          reply.status === 200
            ? [
                {
                  key: `ops-adjustment:${key}`,
                  transferId: (reply.value as { transferId: string }).transferId,
                  deltas: [
                    { member, wallet: 'main', amount: direction === 'credit' ? moved : -moved },
                  ],
                },
              ]
            : [],
      },
      twin,
    );
  };

  const deposit = async () => {
    const member = anyMember();
    const moved = BigInt(randomInt(20_000, 200_000));
    const body = {
      channelId: world.channelId,
      amountMinor: moved.toString(),
      payerName: 'Somchai Jaidee',
      idempotencyKey: id('dep'),
    };
    const answer = await send({
      kind: 'deposit',
      send: () => api.createDeposit(memberAt(member), body),
      byteForByte: false,
      identityOf: (reply) => (reply.value as { deposit: { id: string } }).deposit.id,
      first: null,
      effectsOf: () => [],
    });
    if (answer?.status === 200)
      pools.deposits.push({
        id: (answer.value as { deposit: { id: string } }).deposit.id,
        member,
        amount: moved,
      });
  };

  const decideDeposit = async (twin: boolean) => {
    const index = pools.deposits.length === 0 ? -1 : randomInt(pools.deposits.length);
    const [pending] = index < 0 ? [] : pools.deposits.splice(index, 1);
    if (!pending) return deposit();
    const approve = randomInt(4) !== 0;
    await send(
      {
        kind: approve ? 'approveDeposit' : 'rejectDeposit',
        send: () =>
          approve
            ? api.approveDeposit(MONEY_MERCHANT.code, pending.id)
            : api.rejectDeposit(MONEY_MERCHANT.code, pending.id),
        byteForByte: false,
        first: null,
        effectsOf: (reply) => {
          const value = reply.value as { status: string; transferId: string | null };
          return reply.status === 200 && value.status === 'approved'
            ? [
                {
                  key: `deposit:${pending.id}`,
                  transferId: value.transferId,
                  deltas: [{ member: pending.member, wallet: 'main', amount: pending.amount }],
                },
              ]
            : [];
        },
      },
      twin,
    );
  };

  const withdraw = async () => {
    const member = anyMember();
    const who = memberAt(member);
    const moved = amount();
    const key = id('wd');
    const answer = await send({
      kind: 'withdrawal',
      send: () =>
        api.requestWithdrawal(who, {
          idempotencyKey: key,
          amountMinor: moved.toString(),
          payeeAccountId: who.payeeAccountId,
          paymentPassword: PIN,
        }),
      byteForByte: false,
      identityOf: (reply) => (reply.value as { id: string }).id,
      first: null,
      effectsOf: (reply) =>
        reply.status === 200
          ? [
              {
                key: `withdrawal:${(reply.value as { id: string }).id}:hold`,
                transferId: null,
                deltas: [
                  { member, wallet: 'main', amount: -moved },
                  { member, wallet: 'locked', amount: moved },
                ],
              },
            ]
          : [],
    });
    if (answer?.status === 200)
      pools.withdrawals.push({ id: (answer.value as { id: string }).id, member, amount: moved });
  };

  const decideWithdrawal = async () => {
    const index = pools.withdrawals.length === 0 ? -1 : randomInt(pools.withdrawals.length);
    const [pending] = index < 0 ? [] : pools.withdrawals.splice(index, 1);
    if (!pending) return withdraw();
    const pay = randomInt(3) !== 0;
    await send({
      kind: pay ? 'payWithdrawal' : 'rejectWithdrawal',
      send: () =>
        pay
          ? api.payWithdrawal(MONEY_MERCHANT.code, pending.id)
          : api.rejectWithdrawal(MONEY_MERCHANT.code, pending.id),
      byteForByte: false,
      first: null,
      effectsOf: (reply) =>
        reply.status === 200
          ? [
              {
                key: `withdrawal:${pending.id}:${pay ? 'pay' : 'refund'}`,
                transferId: null,
                deltas: [
                  { member: pending.member, wallet: 'locked', amount: -pending.amount },
                  ...(pay
                    ? []
                    : [
                        { member: pending.member, wallet: 'main' as const, amount: pending.amount },
                      ]),
                ],
              },
            ]
          : [],
    });
  };

  /** An earlier request again, as it was: the first answer again and nothing new. */
  const replay = async () => {
    const earlier = pickOf(answered);
    if (!earlier) return bet(false);
    record.requests += 1;
    const answer = await earlier.send().catch((error: unknown) => {
      if (error instanceof NoAnswerError) return null;
      throw error;
    });
    if (answer) acknowledge(earlier, answer);
  };

  // Weights out of 100: play dominates, as on a live site; the password-checked requests
  // (withdrawals, upline transfers: argon2id each) are few, so two cores keep up.
  const table: [number, () => Promise<void>][] = [
    [26, () => bet(randomInt(10) === 0)],
    [12, win],
    [7, rollback],
    [12, () => walletTransfer(randomInt(10) === 0)],
    [8, () => adjust(randomInt(10) === 0)],
    [5, deposit],
    [5, () => decideDeposit(randomInt(10) === 0)],
    [1, withdraw],
    [1, decideWithdrawal],
    [1, uplineTransfer],
    [22, replay],
  ];
  const total = table.reduce((sum, [weight]) => sum + weight, 0);
  const next = () => {
    let roll = randomInt(total);
    for (const [weight, run] of table) {
      if (roll < weight) return run();
      roll -= weight;
    }
    return replay();
  };

  let started = 0;
  const client = async () => {
    while (started < options.operations && !options.stop?.()) {
      started += 1;
      await next();
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
};

/** The wallets the acknowledged effects add up to, from the funded start. */
export const expectedWallets = (world: LoadWorld, effects: Iterable<Effect>) => {
  const wallets = world.start.map((start) => ({
    main: start.main,
    vendor: start.vendor,
    locked: 0n,
  }));
  for (const effect of effects)
    for (const delta of effect.deltas) {
      const wallet = wallets[delta.member];
      if (wallet) wallet[delta.wallet] += delta.amount;
    }
  return wallets;
};

/** Every hot account's wallets as an operator reads them. */
export const actualWallets = async (world: LoadWorld) => {
  const wallets = [];
  for (const member of world.members) {
    const view = walletsOf(await world.api.memberWallets(MONEY_MERCHANT.code, member.username));
    wallets.push({
      main: view.main,
      vendor: view.vendor.get(MONEY_MERCHANT.vendorCode) ?? 0n,
      locked: view.locked,
    });
  }
  return wallets;
};

/** The ledger transfers made since `afterTransferId`, by key: what the load really did. */
export const ledgerTransfersSince = async (world: LoadWorld, afterTransferId: number) =>
  new Map(
    (
      await world.db.query<{ idempotency_key: string; id: string }>(
        'SELECT idempotency_key, id::text FROM ledger_transfers WHERE merchant_id = $1 AND id > $2',
        [world.merchantId, afterTransferId],
      )
    ).map((row) => [row.idempotency_key, row.id]),
  );

export const lastTransferId = async (db: Db): Promise<number> =>
  Number(
    (await db.one<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM ledger_transfers'))
      .id,
  );
