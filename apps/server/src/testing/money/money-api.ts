import {
  encryptPayload,
  signedVendorHeaders,
  type SessionKey,
  type WithdrawalSettings,
} from '@lanna/contract';
import type { MoneyRequest, MoneyResponse, Transport } from './transport.ts';

/**
 * Every money operation of issue 4 as the outside world calls it: members through the site
 * routes (sealed where the route wants a password), operators through /ops with the operator
 * key, a game provider through signed /vendor/v1 calls. Answers come back raw (status, code,
 * value and the exact text) so tests compare them with a model and with earlier answers.
 */
export type Answer = MoneyResponse & { code: string; value: unknown };

export type MemberRef = { username: string; token: string; host: string };

export type VendorSigner = {
  merchantCode: string;
  vendorCode: string;
  secret: string;
  /** Milliseconds: the signer's clock (the server's when it is moved). */
  now?: () => number;
};

const answerOf = (response: MoneyResponse): Answer => {
  let parsed: { code?: unknown; value?: unknown } = {};
  try {
    parsed = JSON.parse(response.text) as typeof parsed;
  } catch {
    // A body that is not JSON keeps code '' and fails whatever the test expected of it.
  }
  return {
    ...response,
    code: typeof parsed.code === 'string' ? parsed.code : '',
    value: parsed.value,
  };
};

export type MoneyApi = ReturnType<typeof moneyApi>;

export const moneyApi = (
  transport: Transport,
  options: { operatorKey: string; operator?: string; now?: () => number },
) => {
  const now = options.now ?? Date.now;
  const sessionKeys = new Map<string, Promise<SessionKey>>();
  const send = async (request: MoneyRequest) => answerOf(await transport(request));

  const asMember = (member: MemberRef) => ({
    host: member.host,
    authorization: `Bearer ${member.token}`,
  });
  const asOperator = {
    authorization: `Bearer ${options.operatorKey}`,
    'x-operator': options.operator ?? 'money-tests',
  };

  const sessionKey = (host: string): Promise<SessionKey> => {
    let key = sessionKeys.get(host);
    if (!key) {
      key = send({ method: 'GET', url: '/wps/session/key', headers: { host } }).then((answer) => {
        if (answer.status !== 200) throw new Error(`no session key: ${answer.text}`);
        return answer.value as SessionKey;
      });
      key.catch(() => sessionKeys.delete(host));
      sessionKeys.set(host, key);
    }
    return key;
  };

  /** A sealed call; a restarted server has a new key, so an unknown key is fetched again once. */
  const sealed = async (member: MemberRef, url: string, payload: unknown): Promise<Answer> => {
    const attempt = async () =>
      send({
        method: 'POST',
        url,
        headers: asMember(member),
        body: JSON.stringify(
          await encryptPayload(await sessionKey(member.host), payload, { now: now() }),
        ),
      });
    const first = await attempt();
    if (first.code !== 'PAYLOAD_KEY_UNKNOWN') return first;
    sessionKeys.delete(member.host);
    return attempt();
  };

  const memberPost = (member: MemberRef, url: string, body: unknown) =>
    send({ method: 'POST', url, headers: asMember(member), body: JSON.stringify(body) });

  const ops = (method: MoneyRequest['method'], url: string, body?: unknown) =>
    send({
      method,
      url,
      headers: asOperator,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const vendor = async (signer: VendorSigner, path: string, body: unknown): Promise<Answer> => {
    const text = JSON.stringify(body);
    const headers = await signedVendorHeaders({
      secret: signer.secret,
      merchantCode: signer.merchantCode,
      vendorCode: signer.vendorCode,
      method: 'POST',
      path,
      body: text,
      now: (signer.now ?? now)(),
    });
    return send({ method: 'POST', url: path, headers, body: text });
  };

  return {
    // Members.
    balance: (member: MemberRef) =>
      send({ method: 'GET', url: '/wps/v2/wallets/balance', headers: asMember(member) }),
    createDeposit: (member: MemberRef, body: unknown) =>
      memberPost(member, '/wps/payments/deposits', body),
    requestWithdrawal: (member: MemberRef, payload: unknown) =>
      sealed(member, '/wps/payments/withdrawals', payload),
    confirmWithdrawal: (member: MemberRef, withdrawalId: string, body: unknown) =>
      memberPost(member, `/wps/payments/withdrawals/${withdrawalId}/confirmation`, body),
    walletTransfer: (member: MemberRef, body: unknown) =>
      memberPost(member, '/wps/relay/GCS_walletTransfer', body),
    transferToUpline: (member: MemberRef, payload: unknown) =>
      sealed(member, '/wps/member/transfer/upline', payload),
    setPaymentPassword: (member: MemberRef, payload: unknown) =>
      sealed(member, '/wps/payments/payment-password', payload),
    bindBankCard: (member: MemberRef, payload: unknown) =>
      sealed(member, '/wps/payments/payee-accounts/bank-cards', payload),

    // Operators.
    approveDeposit: (merchantCode: string, depositId: string) =>
      ops('POST', `/ops/merchants/${merchantCode}/deposits/${depositId}/approve`, {
        reason: 'seen on the statement',
      }),
    rejectDeposit: (merchantCode: string, depositId: string) =>
      ops('POST', `/ops/merchants/${merchantCode}/deposits/${depositId}/reject`, {
        reason: 'no transfer arrived',
      }),
    payWithdrawal: (merchantCode: string, withdrawalId: string) =>
      ops('POST', `/ops/merchants/${merchantCode}/withdrawals/${withdrawalId}/approve`, {
        reason: 'paid from the bank',
      }),
    rejectWithdrawal: (merchantCode: string, withdrawalId: string) =>
      ops('POST', `/ops/merchants/${merchantCode}/withdrawals/${withdrawalId}/reject`, {
        reason: 'payee does not match',
      }),
    findDisputes: (merchantCode: string) =>
      ops('GET', `/ops/merchants/${merchantCode}/withdrawal-disputes?status=open`),
    refundDispute: (merchantCode: string, disputeId: string, refundMinor: string) =>
      ops('POST', `/ops/merchants/${merchantCode}/withdrawal-disputes/${disputeId}/resolve`, {
        outcome: 'refund',
        refundMinor,
        reason: 'the bank returned it',
      }),
    adjust: (merchantCode: string, username: string, body: unknown) =>
      ops('POST', `/ops/merchants/${merchantCode}/members/${username}/adjustments`, body),
    setFrozen: (merchantCode: string, username: string, frozen: boolean) =>
      ops('PUT', `/ops/merchants/${merchantCode}/members/${username}/freeze`, {
        frozen,
        reason: frozen ? 'under review' : 'review done',
      }),
    memberWallets: (merchantCode: string, username: string) =>
      ops('GET', `/ops/merchants/${merchantCode}/members/${username}/wallets`),
    setMaintenance: (merchantCode: string, enabled: boolean) =>
      ops('PUT', `/ops/merchants/${merchantCode}/access`, {
        maintenance: { enabled, startsAt: null, endsAt: null },
        regionRestriction: { enabled: false, countries: [], cidrs: [] },
        reason: enabled ? 'maintenance window' : 'maintenance over',
      }),
    putWithdrawalSettings: (merchantCode: string, settings: WithdrawalSettings) =>
      ops('PUT', `/ops/merchants/${merchantCode}/withdrawal-settings`, {
        ...settings,
        reason: 'money tests',
      }),
    rotateVendorSecret: (merchantCode: string, vendorCode: string) =>
      ops('POST', `/ops/merchants/${merchantCode}/vendors/${vendorCode}/secret`, {
        reason: 'money tests',
      }),

    // A game provider.
    debit: (signer: VendorSigner, body: unknown) => vendor(signer, '/vendor/v1/debit', body),
    credit: (signer: VendorSigner, body: unknown) => vendor(signer, '/vendor/v1/credit', body),
    rollback: (signer: VendorSigner, body: unknown) => vendor(signer, '/vendor/v1/rollback', body),
  };
};

/** A member's wallets as an operator reads them: main, the wallet at each vendor, locked. */
export type WalletsView = { main: bigint; locked: bigint; vendor: Map<string, bigint> };

export const walletsOf = (answer: Answer): WalletsView => {
  if (answer.status !== 200) throw new Error(`wallets: ${answer.text}`);
  const value = answer.value as {
    wallets: { kind: string; vendorCode: string | null; balanceMinor: string }[];
  };
  const view: WalletsView = { main: 0n, locked: 0n, vendor: new Map() };
  for (const wallet of value.wallets) {
    const amount = BigInt(wallet.balanceMinor);
    if (wallet.kind === 'main') view.main = amount;
    if (wallet.kind === 'locked') view.locked = amount;
    if (wallet.kind === 'vendor' && wallet.vendorCode) view.vendor.set(wallet.vendorCode, amount);
  }
  return view;
};
