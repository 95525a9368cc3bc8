import type { DepositChannel } from '@lanna/contract';

/** The channels the deposit tests show: a bank transfer and a gateway, as the server sends them. */
export const BANK_CHANNEL: DepositChannel = {
  id: 7,
  kind: 'bank_transfer',
  name: 'Kasikornbank transfer',
  bank: {
    bankName: 'Kasikornbank',
    accountName: 'Lanna Entertainment Co., Ltd.',
    accountNumber: '123-4-56789-0',
  },
  minMinor: '10000',
  maxMinor: '20000000',
};

export const GATEWAY_CHANNEL: DepositChannel = {
  id: 9,
  kind: 'gateway',
  name: 'PromptPay QR',
  bank: null,
  minMinor: '10000',
  maxMinor: '5000000',
};

export const THB = { currency: 'THB', currencySymbol: '฿', currencyDecimals: 2 };
