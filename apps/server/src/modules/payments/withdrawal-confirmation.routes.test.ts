// Proves the member's confirmation after payout (spec section 4): received; partly received
// with a remaining amount strictly between 0 and the amount; not received with 1 to 3 proof
// images judged by content (a renamed text file, a 6 MB PNG and a fourth image are refused and
// store nothing); the images are served to their owner and operators only; unconfirmed past
// the deadline it counts as received and is never refunded; disputes reach the operator, who
// refunds once or dismisses.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ProofImageDataSchema,
  WithdrawalDisputeSchema,
  WithdrawalPageSchema,
  WithdrawalSchema,
  findWithdrawalDisputes,
} from '@lanna/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { movableClock } from '../../testing/index.ts';
import { checkLedgerInvariants } from '../ledger/index.ts';
import { jpegOf, pngOf } from '../../testing/test-images.ts';
import {
  newSignedInMember,
  signInAgain,
  type SignedInMember,
} from '../../testing/factories/members.ts';
import { balancesOf } from '../../testing/factories/money.ts';
import { readyMember, withdrawOk, pendingWithdrawal } from '../../testing/factories/withdrawals.ts';
import { codeOf, getAs, ops, postAs, valueOf } from '../../testing/requests.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const clock = movableClock('2026-06-01T05:00:00.000Z');
const world = useTestApp({ clock, temporaryDataDir: true });
const db = () => world.db;

beforeEach(() => clock.set('2026-06-01T05:00:00.000Z'));

/** A withdrawal of 30,000 from 100,000, paid by an operator. */
const paid = async () => {
  const { member, withdrawal } = await pendingWithdrawal(world.app, db());
  const approve = await ops(
    world.app,
    'POST',
    `/ops/merchants/lanna/withdrawals/${withdrawal.id}/approve`,
    {
      reason: 'paid by bank transfer',
    },
  );
  expect(approve.statusCode, approve.body).toBe(200);
  return { member, withdrawal };
};

const confirm = (member: SignedInMember, id: string, body: unknown) =>
  postAs(world.app, member, `/wps/payments/withdrawals/${id}/confirmation`, body);

const b64 = (bytes: Buffer) => bytes.toString('base64');

const proofRows = async (id: string) =>
  (
    await db().one<{ count: number }>(
      'SELECT count(*)::int AS count FROM withdrawal_proofs WHERE withdrawal_id = $1',
      [id],
    )
  ).count;

const storedFiles = async (): Promise<number> => {
  const entries = await readdir(join(world.dataDir, 'withdrawal-proofs'), {
    recursive: true,
  }).catch(() => []);
  return entries.filter((entry) => /\.(png|jpg)$/.test(entry)).length;
};

describe('POST /wps/payments/withdrawals/:id/confirmation', () => {
  it('marks received, and answers the same confirmation again unchanged', async () => {
    const { member, withdrawal } = await paid();
    const first = await confirm(member, withdrawal.id, { outcome: 'received' });
    expect(first.statusCode, first.body).toBe(200);
    expect(valueOf(first, WithdrawalSchema)).toMatchObject({
      status: 'received',
      confirmedBy: 'member',
      confirmedAt: '2026-06-01T05:00:00.000Z',
      dispute: null,
    });
    expect((await confirm(member, withdrawal.id, { outcome: 'received' })).statusCode).toBe(200);
    const other = await confirm(member, withdrawal.id, {
      outcome: 'partly_received',
      remainingMinor: '100',
    });
    expect(codeOf(other)).toBe('WITHDRAWAL_NOT_CONFIRMABLE');
  });

  it('takes partly received with a remaining amount between 0 and the amount, opening a dispute', async () => {
    const { member, withdrawal } = await paid();
    for (const remainingMinor of ['0', '-5', '1.5', 'all']) {
      const response = await confirm(member, withdrawal.id, {
        outcome: 'partly_received',
        remainingMinor,
      });
      expect(response.statusCode, remainingMinor).toBe(400);
    }
    for (const remainingMinor of ['30000', '30001']) {
      const response = await confirm(member, withdrawal.id, {
        outcome: 'partly_received',
        remainingMinor,
      });
      expect(codeOf(response), remainingMinor).toBe('WITHDRAWAL_REMAINING_OUT_OF_RANGE');
    }
    const response = await confirm(member, withdrawal.id, {
      outcome: 'partly_received',
      remainingMinor: '12000',
    });
    expect(valueOf(response, WithdrawalSchema)).toMatchObject({
      status: 'partly_received',
      remainingMinor: '12000',
      dispute: { status: 'open', refundedMinor: null },
    });
    const disputes = valueOf(
      await ops(world.app, 'GET', '/ops/merchants/lanna/withdrawal-disputes?status=open'),
      findWithdrawalDisputes.value,
    ).list;
    expect(disputes.find((dispute) => dispute.withdrawalId === withdrawal.id)).toMatchObject({
      kind: 'partly_received',
      amountMinor: '30000',
      missingMinor: '12000',
      username: member.username,
    });
  });

  it('takes not received with PNG and JPEG proofs, served to the owner and operators only', async () => {
    const { member, withdrawal } = await paid();
    const response = await confirm(member, withdrawal.id, {
      outcome: 'not_received',
      proofImages: [b64(pngOf()), b64(jpegOf())],
    });
    expect(response.statusCode, response.body).toBe(200);
    const view = valueOf(response, WithdrawalSchema);
    expect(view).toMatchObject({ status: 'not_received', dispute: { status: 'open' } });
    expect(view.proofIds).toHaveLength(2);
    const [pngId, jpegId] = view.proofIds;
    const own = await getAs(
      world.app,
      member,
      `/wps/payments/withdrawals/${withdrawal.id}/proofs/${pngId}`,
    );
    expect(valueOf(own, ProofImageDataSchema)).toEqual({
      contentType: 'image/png',
      dataBase64: b64(pngOf()),
    });
    const operator = await ops(
      world.app,
      'GET',
      `/ops/merchants/lanna/withdrawals/${withdrawal.id}/proofs/${jpegId}`,
    );
    expect(valueOf(operator, ProofImageDataSchema).contentType).toBe('image/jpeg');
    const stranger = await newSignedInMember(world.app, db());
    const denied = await getAs(
      world.app,
      stranger,
      `/wps/payments/withdrawals/${withdrawal.id}/proofs/${pngId}`,
    );
    expect(denied.statusCode).toBe(404);
    const strangerConfirm = await confirm(stranger, withdrawal.id, { outcome: 'received' });
    expect(codeOf(strangerConfirm)).toBe('WITHDRAWAL_NOT_FOUND');
    // A file gone from DATA_DIR answers like a missing proof, not a 500.
    const stored = await db().one<{ file_path: string }>(
      'SELECT file_path FROM withdrawal_proofs WHERE id = $1',
      [pngId ?? ''],
    );
    await rm(join(world.dataDir, 'withdrawal-proofs', stored.file_path));
    const gone = await getAs(
      world.app,
      member,
      `/wps/payments/withdrawals/${withdrawal.id}/proofs/${pngId}`,
    );
    expect(codeOf(gone)).toBe('WITHDRAWAL_NOT_FOUND');
  });

  it('refuses a renamed text file, a 6 MB PNG, four images or none, and stores nothing', async () => {
    const { member, withdrawal } = await paid();
    const filesBefore = await storedFiles();
    const text = await confirm(member, withdrawal.id, {
      outcome: 'not_received',
      proofImages: [b64(pngOf()), b64(Buffer.from('just text in a file called slip.png'))],
    });
    expect(text.statusCode).toBe(415);
    expect(codeOf(text)).toBe('PROOF_IMAGE_INVALID');
    const huge = await confirm(member, withdrawal.id, {
      outcome: 'not_received',
      proofImages: [b64(pngOf(2, 2, 6 * 1024 * 1024))],
    });
    expect(huge.statusCode).toBe(400);
    expect(codeOf(huge)).toBe('VALIDATION_FAILED');
    const four = await confirm(member, withdrawal.id, {
      outcome: 'not_received',
      proofImages: Array(4).fill(b64(pngOf())),
    });
    expect(four.statusCode).toBe(400);
    const none = await confirm(member, withdrawal.id, { outcome: 'not_received', proofImages: [] });
    expect(none.statusCode).toBe(400);
    expect(await proofRows(withdrawal.id)).toBe(0);
    expect(await storedFiles()).toBe(filesBefore);
    const still = valueOf(
      await getAs(world.app, member, `/wps/payments/withdrawals/${withdrawal.id}`),
      WithdrawalSchema,
    );
    expect(still.status).toBe('paid');
  });

  it('refuses to confirm a withdrawal that is not paid', async () => {
    const { member, card } = await readyMember(world.app, db(), 100_000n);
    const withdrawal = await withdrawOk(world.app, member, {
      amountMinor: '30000',
      payeeAccountId: card.id,
    });
    const response = await confirm(member, withdrawal.id, { outcome: 'received' });
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('WITHDRAWAL_NOT_CONFIRMABLE');
  });

  it('counts an unconfirmed withdrawal as received after the deadline, without a refund', async () => {
    const { member, withdrawal } = await paid();
    clock.set('2026-06-01T05:59:59.000Z');
    await signInAgain(world.app, db(), member);
    const before = valueOf(
      await getAs(world.app, member, `/wps/payments/withdrawals/${withdrawal.id}`),
      WithdrawalSchema,
    );
    expect(before.status).toBe('paid');
    clock.set('2026-06-01T06:00:00.000Z');
    await signInAgain(world.app, db(), member);
    const after = valueOf(
      await getAs(world.app, member, `/wps/payments/withdrawals/${withdrawal.id}`),
      WithdrawalSchema,
    );
    expect(after).toMatchObject({
      status: 'received',
      confirmedBy: 'timeout',
      confirmedAt: '2026-06-01T06:00:00.000Z',
      dispute: null,
    });
    const late = await confirm(member, withdrawal.id, {
      outcome: 'not_received',
      proofImages: [b64(pngOf())],
    });
    expect(codeOf(late)).toBe('WITHDRAWAL_NOT_CONFIRMABLE');
    const received = await getAs(world.app, member, '/wps/payments/withdrawals?status=received');
    expect(valueOf(received, WithdrawalPageSchema).total).toBe(1);
    expect(await balancesOf(db(), member)).toEqual({ main: 70_000n, locked: 0n });
  });
});

describe('withdrawal disputes', () => {
  it('refunds what did not arrive once, and refuses a second different resolution', async () => {
    const { member, withdrawal } = await paid();
    await confirm(member, withdrawal.id, { outcome: 'partly_received', remainingMinor: '12000' });
    const disputes = valueOf(
      await ops(world.app, 'GET', '/ops/merchants/lanna/withdrawal-disputes'),
      findWithdrawalDisputes.value,
    ).list;
    const dispute = disputes.find((item) => item.withdrawalId === withdrawal.id);
    if (!dispute) throw new Error('no dispute');
    const url = `/ops/merchants/lanna/withdrawal-disputes/${dispute.id}/resolve`;
    const tooMuch = await ops(world.app, 'POST', url, {
      outcome: 'refund',
      refundMinor: '12001',
      reason: 'more than missing',
    });
    expect(codeOf(tooMuch)).toBe('WITHDRAWAL_REMAINING_OUT_OF_RANGE');
    const refund = {
      outcome: 'refund',
      refundMinor: '12000',
      reason: 'bank confirmed the shortfall',
    };
    expect((await ops(world.app, 'POST', url, refund)).statusCode).toBe(200);
    const again = await ops(world.app, 'POST', url, refund);
    expect(valueOf(again, WithdrawalDisputeSchema)).toMatchObject({
      status: 'refunded',
      refundedMinor: '12000',
    });
    const dismiss = await ops(world.app, 'POST', url, {
      outcome: 'dismiss',
      reason: 'changed my mind',
    });
    expect(codeOf(dismiss)).toBe('WITHDRAWAL_DISPUTE_CLOSED');
    expect(await balancesOf(db(), member)).toEqual({ main: 82_000n, locked: 0n });
    const audit = await db().query<{ action: string }>(
      'SELECT action FROM audit_log WHERE target = $1',
      [`withdrawal-dispute:${dispute.id}`],
    );
    expect(audit).toEqual([{ action: 'withdrawal.dispute.refund' }]);
    const seen = valueOf(
      await getAs(world.app, member, `/wps/payments/withdrawals/${withdrawal.id}`),
      WithdrawalSchema,
    );
    expect(seen.dispute).toEqual({ status: 'refunded', refundedMinor: '12000' });
    expect((await checkLedgerInvariants(db())).violations).toEqual([]);
  });
});
