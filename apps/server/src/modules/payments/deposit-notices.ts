import { minorToAmountText, type BundledLanguage } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { escapeHtml } from '../../shared/html.ts';
import { sendSystemMessage, type MessagesEvents } from '../messages/index.ts';
import { getMerchantBrand } from '../system/index.ts';
import type { DepositRow } from './deposit.repository.ts';

export type DepositDecision = { status: 'approved' } | { status: 'rejected'; reason: string };

type Notice = { title: string; body: (amount: string, reason: string) => string };

// Written in the merchant's default language until members keep a language of their own
// (issue 26 item 5); the amount and reason arrive escaped.
const NOTICES: Record<BundledLanguage, Record<DepositDecision['status'], Notice>> = {
  EN: {
    approved: {
      title: 'Deposit credited',
      body: (amount) => `Your deposit of ${amount} has been credited to your main wallet.`,
    },
    rejected: {
      title: 'Deposit rejected',
      body: (amount, reason) => `Your deposit of ${amount} was rejected: ${reason}`,
    },
  },
  CN: {
    approved: {
      title: '存款已到账',
      body: (amount) => `您的 ${amount} 存款已存入主钱包。`,
    },
    rejected: {
      title: '存款未通过',
      body: (amount, reason) => `您的 ${amount} 存款未通过审核：${reason}`,
    },
  },
  TH: {
    approved: {
      title: 'ฝากเงินสำเร็จ',
      body: (amount) => `ยอดฝาก ${amount} ของคุณเข้ากระเป๋าหลักแล้ว`,
    },
    rejected: {
      title: 'การฝากเงินถูกปฏิเสธ',
      body: (amount, reason) => `ยอดฝาก ${amount} ของคุณถูกปฏิเสธ: ${reason}`,
    },
  },
  KM: {
    approved: {
      title: 'ការដាក់ប្រាក់បានចូលហើយ',
      body: (amount) => `ប្រាក់ដែលអ្នកបានដាក់ ${amount} បានបញ្ចូលទៅកាបូបមេរបស់អ្នកហើយ។`,
    },
    rejected: {
      title: 'ការដាក់ប្រាក់ត្រូវបានបដិសេធ',
      body: (amount, reason) => `ប្រាក់ដែលអ្នកបានដាក់ ${amount} ត្រូវបានបដិសេធ៖ ${reason}`,
    },
  },
};

/**
 * Tells the member a deposit was decided, as a platform message written in the decision's own
 * transaction: a decision that rolls back tells nothing, and one made once tells once.
 */
export const tellDepositDecided = async (
  tx: Db,
  deposit: DepositRow,
  decision: DepositDecision,
  context: { now: Date; events?: EventSink<MessagesEvents> | undefined },
): Promise<void> => {
  const brand = await getMerchantBrand(tx, deposit.merchant_id);
  const notice = NOTICES[brand.defaultLanguage][decision.status];
  const amount = `${minorToAmountText(deposit.amount_minor, brand.currencyDecimals)} ${brand.currency}`;
  const reason = decision.status === 'rejected' ? decision.reason : '';
  await sendSystemMessage(
    tx,
    {
      merchantId: deposit.merchant_id,
      memberId: Number(deposit.member_id),
      title: notice.title,
      content: `<p>${notice.body(escapeHtml(amount), escapeHtml(reason))}</p>`,
      now: context.now,
    },
    context.events,
  );
};
