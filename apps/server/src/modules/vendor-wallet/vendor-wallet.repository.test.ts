// Proves that the debit batch's one statement (vendor_debit_post, migration 024) writes nothing
// at all, the ledger's transfer included, when what the batch was judged on changed after it
// was read: a round judged open that has closed, or a round judged new that another player
// opened. It fails as a serialization failure, which the service answers by judging again.
import { describe, expect, it } from 'vitest';
import { sqlStateOf } from '../../db/retry.ts';
import { houseAccountIdOf, moveEntries, prepareLedgerPosting } from '../ledger/index.ts';
import { postDebitBatch, type BetWrite } from './vendor-wallet.repository.ts';
import {
  balanceOf,
  creditBody,
  debitBody,
  freshId,
  ledgerTransferCount,
  newPlayer,
  useVendorWorld,
  TEST_VENDOR,
  vendorPost,
  type Player,
} from '../../testing/factories/games.ts';

const world = useVendorWorld();

const post = async (path: string, body: object) => {
  const response = await vendorPost(world, path, body);
  expect(response.statusCode, response.body).toBe(200);
};

/** One bet of `player` in `roundId` written straight to the statement, judged as told. */
const writeBet = async (player: Player, roundId: string, judgedOpen: boolean) => {
  const scope = { merchantId: player.merchantId, vendorCode: TEST_VENDOR };
  const transactionId = freshId('bet');
  const houseAccountId = await houseAccountIdOf(world.db, player.merchantId, {
    kind: 'game',
    vendorCode: TEST_VENDOR,
  });
  const posting = prepareLedgerPosting([
    {
      merchantId: player.merchantId,
      type: 'bet',
      idempotencyKey: `vendor:${TEST_VENDOR}:${transactionId}`,
      reference: `round:${TEST_VENDOR}:${roundId}`,
      entries: moveEntries(player.mainAccountId, houseAccountId, 100n),
    },
  ]);
  const bet: BetWrite = {
    ...scope,
    roundId,
    memberId: player.memberId,
    gameCode: 'slot-1',
    wallet: 'main',
    playMoney: false,
    amountMinor: 100n,
    transactionId,
    fingerprint: 'f'.repeat(64),
    memberEntry: 0,
    result: { transactionId },
  };
  const idempotencyKey = freshId('key');
  const written = postDebitBatch(world.db, {
    posting,
    openRounds: judgedOpen ? [{ ...scope, roundId }] : [],
    bets: [bet],
    answers: [
      {
        ...scope,
        idempotencyKey,
        requestHash: 'a'.repeat(64),
        statusCode: 200,
        response: { success: true, value: null },
        bet: 0,
      },
    ],
    fields: { transferId: 'walletTransactionId', balance: 'balanceMinor', value: 'value' },
  });
  return { written, idempotencyKey };
};

const expectNothingWritten = async (
  attempt: Awaited<ReturnType<typeof writeBet>>,
  player: Player,
  before: { balance: bigint; transfers: number },
) => {
  const error: unknown = await attempt.written.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(sqlStateOf(error)).toBe('40001');
  expect(await balanceOf(world.db, player.mainAccountId)).toBe(before.balance);
  expect(await ledgerTransferCount(world.db)).toBe(before.transfers);
  const answers = await world.db.query('SELECT 1 FROM vendor_requests WHERE idempotency_key = $1', [
    attempt.idempotencyKey,
  ]);
  expect(answers).toEqual([]);
};

describe('the debit batch statement', () => {
  it('writes a bet judged on an open round that is still open', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const bet = debitBody(player, '100');
    await post('/vendor/v1/debit', bet);
    const attempt = await writeBet(player, bet.roundId, true);
    await attempt.written;
    expect(await balanceOf(world.db, player.mainAccountId)).toBe(800n);
    const round = await world.db.one<{ debit_minor: string }>(
      'SELECT debit_minor::text FROM vendor_rounds WHERE round_id = $1',
      [bet.roundId],
    );
    expect(round.debit_minor).toBe('200');
  });

  it('moves nothing when a round judged open has closed since', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const bet = debitBody(player, '100');
    await post('/vendor/v1/debit', bet);
    await post('/vendor/v1/credit', creditBody(player, bet.roundId, '0'));
    const before = {
      balance: await balanceOf(world.db, player.mainAccountId),
      transfers: await ledgerTransferCount(world.db),
    };
    await expectNothingWritten(await writeBet(player, bet.roundId, true), player, before);
  });

  it('moves nothing when a round judged new was opened since by another player', async () => {
    const [owner, player] = await Promise.all([
      newPlayer(world, { balanceMinor: 1_000n }),
      newPlayer(world, { balanceMinor: 1_000n }),
    ]);
    const bet = debitBody(owner, '100');
    await post('/vendor/v1/debit', bet);
    const before = { balance: 1_000n, transfers: await ledgerTransferCount(world.db) };
    await expectNothingWritten(await writeBet(player, bet.roundId, false), player, before);
  });
});
