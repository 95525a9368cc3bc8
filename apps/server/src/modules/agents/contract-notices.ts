import type { BundledLanguage, ContractKind } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { escapeHtml } from '../../shared/html.ts';
import { sendSystemMessage, type MessagesEvents } from '../messages/index.ts';
import { getMerchantBrand } from '../system/index.ts';

/** What a message tells the other side of a contract (spec section 4: request notices). */
export type ContractNotice = 'offered' | 'accepted' | 'rejected' | 'ended' | 'undercut';

type Texts = {
  kinds: Record<ContractKind, string>;
  title: Record<ContractNotice, string>;
  body: Record<ContractNotice, (kind: string, other: string) => string>;
};

// Written in the merchant's default language until members keep a language of their own
// (issue 26 item 5), as the deposit notices are.
const TEXTS: Record<BundledLanguage, Texts> = {
  EN: {
    kinds: {
      dividend: 'dividend',
      daily_salary: 'daily salary',
      hourly_salary: 'hourly salary',
      realtime_salary: 'real-time salary',
    },
    title: {
      offered: 'New contract',
      accepted: 'Contract accepted',
      rejected: 'Contract rejected',
      ended: 'Contract terminated',
      undercut: 'Contract terminated',
    },
    body: {
      offered: (kind, other) =>
        `${other} offers you a ${kind} contract. Open the agent centre to answer.`,
      accepted: (kind, other) => `${other} accepted your ${kind} contract.`,
      rejected: (kind, other) => `${other} rejected your ${kind} contract.`,
      ended: (kind, other) => `${other} terminated your ${kind} contract.`,
      undercut: (kind, other) =>
        `Your ${kind} contract from ${other} ended: its rate is now above ${other}'s own.`,
    },
  },
  CN: {
    kinds: {
      dividend: '分红',
      daily_salary: '日工资',
      hourly_salary: '时薪',
      realtime_salary: '实时工资',
    },
    title: {
      offered: '新契约',
      accepted: '契约已接受',
      rejected: '契约被拒绝',
      ended: '契约已终止',
      undercut: '契约已终止',
    },
    body: {
      offered: (kind, other) => `${other} 向您发起${kind}契约，请到代理中心处理。`,
      accepted: (kind, other) => `${other} 已接受您的${kind}契约。`,
      rejected: (kind, other) => `${other} 拒绝了您的${kind}契约。`,
      ended: (kind, other) => `${other} 终止了您的${kind}契约。`,
      undercut: (kind, other) =>
        `您与 ${other} 的${kind}契约已终止：其比例高于 ${other} 自身的比例。`,
    },
  },
  TH: {
    kinds: {
      dividend: 'ปันผล',
      daily_salary: 'เงินเดือนรายวัน',
      hourly_salary: 'เงินเดือนรายชั่วโมง',
      realtime_salary: 'เงินเดือนเรียลไทม์',
    },
    title: {
      offered: 'สัญญาใหม่',
      accepted: 'สัญญาได้รับการยอมรับ',
      rejected: 'สัญญาถูกปฏิเสธ',
      ended: 'สัญญาสิ้นสุดแล้ว',
      undercut: 'สัญญาสิ้นสุดแล้ว',
    },
    body: {
      offered: (kind, other) => `${other} เสนอสัญญา${kind}ให้คุณ เปิดศูนย์ตัวแทนเพื่อตอบรับ`,
      accepted: (kind, other) => `${other} ยอมรับสัญญา${kind}ของคุณแล้ว`,
      rejected: (kind, other) => `${other} ปฏิเสธสัญญา${kind}ของคุณ`,
      ended: (kind, other) => `${other} ยกเลิกสัญญา${kind}ของคุณแล้ว`,
      undercut: (kind, other) =>
        `สัญญา${kind}จาก ${other} สิ้นสุดแล้ว เพราะอัตราสูงกว่าอัตราของ ${other} เอง`,
    },
  },
  KM: {
    kinds: {
      dividend: 'ភាគលាភ',
      daily_salary: 'ប្រាក់ខែប្រចាំថ្ងៃ',
      hourly_salary: 'ប្រាក់ខែតាមម៉ោង',
      realtime_salary: 'ប្រាក់ខែភ្លាមៗ',
    },
    title: {
      offered: 'កិច្ចសន្យាថ្មី',
      accepted: 'កិច្ចសន្យាត្រូវបានទទួលយក',
      rejected: 'កិច្ចសន្យាត្រូវបានបដិសេធ',
      ended: 'កិច្ចសន្យាត្រូវបានបញ្ចប់',
      undercut: 'កិច្ចសន្យាត្រូវបានបញ្ចប់',
    },
    body: {
      offered: (kind, other) => `${other} ស្នើកិច្ចសន្យា${kind}ជូនអ្នក។ សូមបើកមជ្ឈមណ្ឌលភ្នាក់ងារដើម្បីឆ្លើយតប។`,
      accepted: (kind, other) => `${other} បានទទួលយកកិច្ចសន្យា${kind}របស់អ្នក។`,
      rejected: (kind, other) => `${other} បានបដិសេធកិច្ចសន្យា${kind}របស់អ្នក។`,
      ended: (kind, other) => `${other} បានបញ្ចប់កិច្ចសន្យា${kind}របស់អ្នក។`,
      undercut: (kind, other) =>
        `កិច្ចសន្យា${kind}ពី ${other} បានបញ្ចប់៖ អត្រារបស់វាខ្ពស់ជាងអត្រារបស់ ${other} ផ្ទាល់។`,
    },
  },
};

/**
 * Tells one side of a contract what the other did, as a platform message written in the
 * change's own transaction. `other` is the account that acted (the house for operators).
 */
export const tellContract = async (
  tx: Db,
  notice: { merchantId: number; memberId: number; kind: ContractKind; other: string },
  what: ContractNotice,
  context: { now: Date; events?: EventSink<MessagesEvents> | undefined },
): Promise<void> => {
  const brand = await getMerchantBrand(tx, notice.merchantId);
  const texts = TEXTS[brand.defaultLanguage];
  await sendSystemMessage(
    tx,
    {
      merchantId: notice.merchantId,
      memberId: notice.memberId,
      title: texts.title[what],
      content: `<p>${escapeHtml(texts.body[what](texts.kinds[notice.kind], notice.other))}</p>`,
      now: context.now,
    },
    context.events,
  );
};
