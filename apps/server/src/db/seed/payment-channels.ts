import type { Db } from '../client.ts';

type ChannelSeed = {
  code: string;
  name: string;
  minMinor: string;
  maxMinor: string;
} & (
  | { kind: 'bank_transfer'; bankName: string; accountName: string; accountNumber: string }
  | { kind: 'gateway'; providerKey: string }
);

/**
 * The demo merchants' deposit channels (issue 4 item 5), in display order: bank accounts to
 * transfer into and gateway methods served by the sandbox gateway outside production. Limits
 * are per deposit in satang (THB, 2 decimals). The account numbers are made up.
 */
export const PAYMENT_CHANNEL_SEEDS: Readonly<Record<string, readonly ChannelSeed[]>> = {
  lanna: [
    {
      code: 'kbank',
      kind: 'bank_transfer',
      name: 'Kasikornbank transfer',
      bankName: 'Kasikornbank',
      accountName: 'Lanna Entertainment Co., Ltd.',
      accountNumber: '123-4-56789-0',
      minMinor: '10000',
      maxMinor: '20000000',
    },
    {
      code: 'scb',
      kind: 'bank_transfer',
      name: 'SCB transfer',
      bankName: 'Siam Commercial Bank',
      accountName: 'Lanna Entertainment Co., Ltd.',
      accountNumber: '987-6-54321-0',
      minMinor: '10000',
      maxMinor: '10000000',
    },
    {
      code: 'promptpay',
      kind: 'gateway',
      name: 'PromptPay QR',
      providerKey: 'promptpay',
      minMinor: '10000',
      maxMinor: '5000000',
    },
  ],
  siam: [
    {
      code: 'bbl',
      kind: 'bank_transfer',
      name: 'Bangkok Bank transfer',
      bankName: 'Bangkok Bank',
      accountName: 'Siam Royal Co., Ltd.',
      accountNumber: '555-0-12345-6',
      minMinor: '20000',
      maxMinor: '30000000',
    },
    {
      code: 'truemoney',
      kind: 'gateway',
      name: 'TrueMoney Wallet',
      providerKey: 'truemoney',
      minMinor: '10000',
      maxMinor: '3000000',
    },
  ],
};

/** Writes the channels a merchant lacks; an operator's later edits stay as they are. */
export const seedPaymentChannels = async (
  tx: Db,
  merchants: readonly { id: number; code: string }[],
): Promise<number> => {
  let count = 0;
  for (const merchant of merchants) {
    for (const [sort, channel] of (PAYMENT_CHANNEL_SEEDS[merchant.code] ?? []).entries()) {
      const bank = channel.kind === 'bank_transfer' ? channel : null;
      await tx.query(
        `INSERT INTO payment_channels (merchant_id, code, kind, name, bank_name, account_name,
           account_number, provider_key, min_minor, max_minor, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::bigint, $10::bigint, $11)
         ON CONFLICT (merchant_id, code) DO NOTHING`,
        [
          merchant.id,
          channel.code,
          channel.kind,
          channel.name,
          bank?.bankName ?? null,
          bank?.accountName ?? null,
          bank?.accountNumber ?? null,
          channel.kind === 'gateway' ? channel.providerKey : null,
          channel.minMinor,
          channel.maxMinor,
          sort,
        ],
      );
      count += 1;
    }
  }
  return count;
};
