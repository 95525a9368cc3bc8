import { createHash } from 'node:crypto';
import {
  PROOF_IMAGE_MAX_BYTES,
  type ConfirmWithdrawalBody,
  type ProofImageData,
  type Withdrawal,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { MemberRef } from './payment-password.service.ts';
import { inspectProofImage, type ProofImageKind } from '../../shared/uploaded-image.ts';
import type { ProofStore } from './withdrawal-proof-store.ts';
import {
  findProof,
  findWithdrawal,
  insertDispute,
  insertProof,
  markConfirmed,
  type WithdrawalRow,
} from './withdrawal.repository.ts';
import { getMemberWithdrawal, viewWithdrawal } from './withdrawal.service.ts';

/**
 * The member's confirmation of a paid withdrawal (spec section 4, Withdrawal confirmation):
 * received; partly received with the amount still missing (more than 0, less than the amount);
 * or not received with 1 to 3 proof images. The last two open a dispute for an operator. Only
 * a paid withdrawal inside its deadline can be confirmed; past it, it counts as received and
 * is never refunded. Confirming again the same way answers the withdrawal unchanged.
 */

type Image = { bytes: Buffer; kind: ProofImageKind };

/** Decodes and judges every image before anything is written. */
const readImages = (images: readonly string[]): Image[] =>
  images.map((base64, index) => {
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > PROOF_IMAGE_MAX_BYTES)
      throw new AppError('VALIDATION_FAILED', {
        issues: [{ path: `proofImages.${index}`, message: 'at most 5 MB' }],
      });
    const kind = inspectProofImage(bytes);
    if (!kind) throw new AppError('PROOF_IMAGE_INVALID');
    return { bytes, kind };
  });

const sameAnswer = (row: WithdrawalRow, body: ConfirmWithdrawalBody): boolean =>
  row.confirmed_by === 'member' &&
  row.status === body.outcome &&
  (body.outcome !== 'partly_received' || row.remaining_minor === body.remainingMinor);

const confirmable = (row: WithdrawalRow): boolean => row.status === 'paid' && !row.timed_out;

export const confirmWithdrawal = async (
  db: Db,
  store: ProofStore,
  member: MemberRef,
  withdrawalId: string,
  body: ConfirmWithdrawalBody,
  now: Date,
): Promise<Withdrawal> => {
  const current = await getMemberWithdrawal(db, member, withdrawalId, now);
  if (sameAnswer(current, body)) return viewWithdrawal(db, current);
  if (!confirmable(current)) throw new AppError('WITHDRAWAL_NOT_CONFIRMABLE');
  const amountMinor = BigInt(current.amount_minor);
  const remainingMinor = body.outcome === 'partly_received' ? BigInt(body.remainingMinor) : null;
  if (remainingMinor !== null && remainingMinor >= amountMinor)
    throw new AppError('WITHDRAWAL_REMAINING_OUT_OF_RANGE');
  const images = body.outcome === 'not_received' ? readImages(body.proofImages) : [];
  // Files first, rows after: a failed transaction removes its files; a crash between the two
  // leaves only an unreferenced file, never a row without its bytes.
  const saved: { image: Image; path: string }[] = [];
  try {
    for (const image of images)
      saved.push({
        image,
        path: await store.save(member.merchantId, withdrawalId, image.bytes, image.kind.extension),
      });
    const row = await db.transaction(async (tx) => {
      const locked = await findWithdrawal(tx, now, { ...member, withdrawalId }, true);
      if (!locked) throw new AppError('WITHDRAWAL_NOT_FOUND');
      if (sameAnswer(locked, body)) return { row: locked, changed: false };
      if (!confirmable(locked)) throw new AppError('WITHDRAWAL_NOT_CONFIRMABLE');
      await markConfirmed(tx, withdrawalId, { status: body.outcome, now, remainingMinor });
      for (const { image, path } of saved)
        await insertProof(tx, {
          merchantId: member.merchantId,
          withdrawalId,
          contentType: image.kind.contentType,
          sizeBytes: image.bytes.length,
          sha256: createHash('sha256').update(image.bytes).digest('hex'),
          filePath: path,
          now,
        });
      if (body.outcome !== 'received')
        await insertDispute(tx, {
          merchantId: member.merchantId,
          withdrawalId,
          kind: body.outcome,
          missingMinor: remainingMinor ?? amountMinor,
          now,
        });
      return { row: locked, changed: true };
    });
    if (!row.changed) await Promise.all(saved.map(({ path }) => store.remove(path)));
  } catch (error) {
    await Promise.all(saved.map(({ path }) => store.remove(path)));
    throw error;
  }
  return viewWithdrawal(db, await getMemberWithdrawal(db, member, withdrawalId, now));
};

/** A proof image's bytes, for the member who sent it or (by merchant) for an operator. */
export const readProof = async (
  db: Db,
  store: ProofStore,
  withdrawal: WithdrawalRow,
  proofId: string,
): Promise<ProofImageData> => {
  const proof = await findProof(db, withdrawal.id, proofId);
  if (!proof) throw new AppError('WITHDRAWAL_NOT_FOUND');
  // A file removed from DATA_DIR behind the server's back is as missing as its row.
  const bytes = await store.read(proof.file_path).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 'ENOENT') throw new AppError('WITHDRAWAL_NOT_FOUND');
    throw error;
  });
  return { contentType: proof.content_type, dataBase64: bytes.toString('base64') };
};
