import type {
  ActivityApplication,
  ApplyBodySchema,
  ApplicationStatus,
  BundledLanguage,
  DecideApplicationBodySchema,
} from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sqlStateOf } from '../../db/retry.ts';
import { AppError } from '../../shared/app-error.ts';
import { toIso, toIsoOrNull } from '../../shared/clock.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { escapeHtml } from '../../shared/html.ts';
import { checkUploadedImages } from '../../shared/uploaded-image.ts';
import { insertAuditEntry } from '../audit/index.ts';
import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
  type LedgerEvents,
} from '../ledger/index.ts';
import { sendSystemMessage, type MessagesEvents } from '../messages/index.ts';
import { getMerchantBrand, getMerchantByCode } from '../system/index.ts';
import { assertOpenTo } from './activity-window.ts';
import * as repository from './applications.repository.ts';
import { lockMemberPromotion } from './promotions.repository.ts';

type Events = EventSink<LedgerEvents & MessagesEvents>;

const toApplication = (row: repository.ApplicationRow): ActivityApplication => ({
  id: Number(row.id),
  promotionId: Number(row.promotion_id),
  title: row.title,
  comment: row.comment,
  imageCount: row.image_count,
  status: row.status,
  rewardMinor: row.reward_minor,
  reviewNote: row.review_note,
  appliedAt: toIso(row.applied_at),
  reviewedAt: toIsoOrNull(row.reviewed_at),
});

const toOpsApplication = (row: repository.ApplicationRow) => ({
  ...toApplication(row),
  username: row.username,
});

const isOpenApplicationRace = (error: unknown) =>
  sqlStateOf(error) === '23505' &&
  (error as { constraint?: unknown }).constraint === 'promotion_applications_open';

/**
 * A member applies to an apply-and-review activity (issue 24 item 2): within its period and
 * audience, with no application of theirs waiting or approved; the images are judged by their
 * bytes before anything is written, and the application and its images are one transaction.
 */
export const applyToPromotion = async (
  ctx: { db: Db; merchantId: number; memberId: number; now: Date },
  promotionId: number,
  body: z.output<typeof ApplyBodySchema>,
): Promise<ActivityApplication> => {
  const images = checkUploadedImages(body.images, 'images');
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await lockMemberPromotion(tx, { ...ctx, id: promotionId });
      if (row?.kind !== 'apply_review') throw new AppError('PROMOTION_NOT_FOUND');
      assertOpenTo(row, ctx.now);
      if (await repository.hasOpenApplication(tx, promotionId, ctx.memberId))
        throw new AppError('PROMOTION_ALREADY_CLAIMED');
      const id = await repository.insertApplication(tx, {
        merchantId: ctx.merchantId,
        promotionId,
        memberId: ctx.memberId,
        comment: body.comment,
        now: ctx.now,
      });
      // One after the other: inside a transaction `tx` is a single connection.
      for (const [position, image] of images.entries())
        await repository.insertApplicationImage(tx, id, position, image);
      const saved = await repository.getApplication(tx, ctx.merchantId, id);
      if (!saved) throw new Error(`application ${id} was not written`);
      return toApplication(saved);
    });
  } catch (error) {
    if (isOpenApplicationRace(error)) throw new AppError('PROMOTION_ALREADY_CLAIMED');
    throw error;
  }
};

export const findMemberApplications = async (db: Db, merchantId: number, memberId: number) => ({
  list: (await repository.findMemberApplications(db, merchantId, memberId)).map(toApplication),
});

/** The centre's status of apply-and-review activities for the member, by their latest try. */
export const applicationStatusesOf = async (
  db: Db,
  memberId: number,
  promotionIds: readonly number[],
): Promise<Map<number, ApplicationStatus>> =>
  promotionIds.length === 0
    ? new Map()
    : repository.findLatestApplicationStatuses(db, memberId, promotionIds);

export const findApplicationQueue = async (
  db: Db,
  merchantCode: string,
  status: ApplicationStatus,
) => {
  const merchant = await getMerchantByCode(db, merchantCode);
  return {
    list: (await repository.findApplicationQueue(db, merchant.id, status)).map(toOpsApplication),
  };
};

export const getApplicationImage = async (
  db: Db,
  target: { merchantCode: string; id: number; index: number },
) => {
  const merchant = await getMerchantByCode(db, target.merchantCode);
  const image = await repository.findApplicationImage(db, { ...target, merchantId: merchant.id });
  if (!image) throw new AppError('NOT_FOUND');
  // PostgreSQL's base64 breaks lines every 76 characters.
  return { contentType: image.content_type, dataBase64: image.base64.replace(/\s+/g, '') };
};

const TEXTS: Record<
  BundledLanguage,
  { title: Record<'issued' | 'rejected', string>; body: (title: string, issued: boolean) => string }
> = {
  EN: {
    title: { issued: 'Application approved', rejected: 'Application not approved' },
    body: (title, issued) =>
      issued
        ? `Your application to “${title}” was approved and its reward is in your wallet.`
        : `Your application to “${title}” was not approved. You may apply again.`,
  },
  CN: {
    title: { issued: '申请已通过', rejected: '申请未通过' },
    body: (title, issued) =>
      issued
        ? `您对“${title}”的申请已通过，奖励已存入您的钱包。`
        : `您对“${title}”的申请未通过，您可以再次申请。`,
  },
  TH: {
    title: { issued: 'อนุมัติใบสมัครแล้ว', rejected: 'ใบสมัครไม่ได้รับการอนุมัติ' },
    body: (title, issued) =>
      issued
        ? `ใบสมัคร “${title}” ของคุณได้รับการอนุมัติ รางวัลเข้ากระเป๋าเงินของคุณแล้ว`
        : `ใบสมัคร “${title}” ของคุณไม่ได้รับการอนุมัติ คุณสมัครใหม่ได้`,
  },
  KM: {
    title: { issued: 'ពាក្យស្នើសុំត្រូវបានអនុម័ត', rejected: 'ពាក្យស្នើសុំមិនត្រូវបានអនុម័ត' },
    body: (title, issued) =>
      issued
        ? `ពាក្យស្នើសុំរបស់អ្នកចំពោះ “${title}” ត្រូវបានអនុម័ត ហើយរង្វាន់បានចូលកាបូបរបស់អ្នកហើយ។`
        : `ពាក្យស្នើសុំរបស់អ្នកចំពោះ “${title}” មិនត្រូវបានអនុម័តទេ។ អ្នកអាចដាក់ពាក្យម្តងទៀតបាន។`,
  },
};

/**
 * An operator approves a waiting application, paying its reward from the house's promotion
 * account into the member's main wallet, or rejects it; audit-logged, and the member is told by
 * a platform message, in one transaction. A decided application stays decided.
 */
export const decideApplication = async (
  db: Db,
  target: { merchantCode: string; id: number },
  decision: z.output<typeof DecideApplicationBodySchema>,
  context: { actor: string; now: Date; events?: Events },
) => {
  const merchant = await getMerchantByCode(db, target.merchantCode);
  return db.transaction(async (tx) => {
    const locked = await repository.lockApplication(tx, merchant.id, target.id);
    if (!locked) throw new AppError('NOT_FOUND');
    if (locked.status !== 'applying') throw new AppError('APPLICATION_DECIDED');
    const memberId = Number(locked.member_id);
    const rewardMinor = decision.approve ? BigInt(decision.rewardMinor) : null;
    if (rewardMinor !== null) {
      const house = await getOrCreateHouseAccount(tx, merchant.id, { kind: 'promotion' });
      const main = await getOrCreateMemberAccount(tx, merchant.id, memberId, { kind: 'main' });
      await postTransfer(
        tx,
        {
          merchantId: merchant.id,
          type: 'bonus',
          idempotencyKey: `application:${target.id}`,
          reference: `promotion:${locked.promotion_id}`,
          entries: moveEntries(house.id, main.id, rewardMinor),
        },
        { events: context.events, now: context.now },
      );
    }
    const status = decision.approve ? 'issued' : 'rejected';
    await repository.decideApplication(tx, target.id, {
      status,
      rewardMinor,
      note: decision.note,
      actor: context.actor,
      now: context.now,
    });
    const row = await repository.getApplication(tx, merchant.id, target.id);
    if (!row) throw new Error(`application ${target.id} vanished`);
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: context.actor,
      action: decision.approve ? 'promotion.application.approve' : 'promotion.application.reject',
      target: `promotion-application:${target.id}`,
      reason: decision.reason,
      before: { status: locked.status },
      after: { status, rewardMinor: rewardMinor?.toString() ?? null, note: decision.note },
    });
    const texts = TEXTS[(await getMerchantBrand(tx, merchant.id)).defaultLanguage];
    await sendSystemMessage(
      tx,
      {
        merchantId: merchant.id,
        memberId,
        title: texts.title[status],
        content:
          `<p>${escapeHtml(texts.body(row.title, decision.approve))}</p>` +
          (decision.note ? `<p>${escapeHtml(decision.note)}</p>` : ''),
        now: context.now,
      },
      context.events,
    );
    return toOpsApplication(row);
  });
};
