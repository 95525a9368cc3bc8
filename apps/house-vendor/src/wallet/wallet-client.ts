import type {
  VendorBalance,
  VendorBalanceRequest,
} from '@lanna/contract/vendor-wallet/vendor-balance';
import { VendorBalanceSchema } from '@lanna/contract/vendor-wallet/vendor-balance';
import type { VendorCreditRequest } from '@lanna/contract/vendor-wallet/vendor-credit';
import type { VendorDebitRequest } from '@lanna/contract/vendor-wallet/vendor-debit';
import {
  VendorTransactionResultSchema,
  type VendorTransactionResult,
} from '@lanna/contract/vendor-wallet/vendor-fields';
import type { VendorRollbackRequest } from '@lanna/contract/vendor-wallet/vendor-rollback';
import { HOUSE_VENDOR_CODE, signedVendorHeaders } from '@lanna/contract/vendor-wallet/signing';
import type { z } from 'zod';

/** The platform refused the call with a stable code (a 4xx or 503 envelope): nothing moved. */
export class WalletRefusal extends Error {
  override name = 'WalletRefusal';
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number) {
    super(`the wallet refused: ${code} (${status})`);
    this.code = code;
    this.status = status;
  }
}

/** No answer: a timeout, a dropped connection or a 5xx. The call may or may not have landed. */
export class WalletUnreachable extends Error {
  override name = 'WalletUnreachable';
}

export type WalletClientOptions = {
  /** The platform's root, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  secret: string;
  timeoutMs: number;
  /** Waits between attempts of a call that must land (credits, rollbacks). */
  retryDelaysMs?: readonly number[];
  fetch?: typeof fetch;
};

export type WalletClient = {
  balance(merchantCode: string, body: VendorBalanceRequest): Promise<VendorBalance>;
  /** Sent once: a debit that timed out is voided by a rollback, never sent blind again. */
  debit(merchantCode: string, body: VendorDebitRequest): Promise<VendorTransactionResult>;
  /** Retried with the same idempotency key and body until the platform answers. */
  credit(merchantCode: string, body: VendorCreditRequest): Promise<VendorTransactionResult>;
  /** Retried like a credit; a debit the platform never saw answers VENDOR_TRANSACTION_NOT_FOUND. */
  rollback(merchantCode: string, body: VendorRollbackRequest): Promise<VendorTransactionResult>;
};

const DEFAULT_RETRY_DELAYS_MS = [200, 500, 1000, 2000, 4000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The vendor wallet API client (decision 008): every call is signed with the house vendor's
 * HMAC secret through the contract's `signedVendorHeaders`, over the exact body sent. A win or a
 * rollback must eventually land (vendor-wallets.md rule 2), so they are retried with the same
 * idempotency key, which the platform answers from its store; what is still unanswered after
 * the retries stays in the round log and is retried on the next start.
 */
export const createWalletClient = (options: WalletClientOptions): WalletClient => {
  const doFetch = options.fetch ?? fetch;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;

  const callOnce = async <T extends z.ZodType>(
    merchantCode: string,
    path: string,
    body: unknown,
    schema: T,
  ): Promise<z.output<T>> => {
    const text = JSON.stringify(body);
    const headers = await signedVendorHeaders({
      secret: options.secret,
      merchantCode,
      vendorCode: HOUSE_VENDOR_CODE,
      method: 'POST',
      path,
      body: text,
    });
    let response: Response;
    try {
      response = await doFetch(new URL(path, options.baseUrl), {
        method: 'POST',
        headers,
        body: text,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      // fetch fails with a TypeError on the network and a DOMException on the timeout; anything
      // else is a bug here and must not be mistaken for "maybe landed".
      if (!(error instanceof TypeError) && !(error instanceof DOMException)) throw error;
      throw new WalletUnreachable(`${path}: ${error.message}`, { cause: error });
    }
    if (response.status >= 500 && response.status !== 503)
      throw new WalletUnreachable(`${path}: HTTP ${response.status}`);
    let envelope: { success?: unknown; code?: unknown; value?: unknown };
    try {
      envelope = (await response.json()) as typeof envelope;
    } catch (error) {
      throw new WalletUnreachable(`${path}: unreadable answer`, { cause: error });
    }
    if (response.ok && envelope.success === true) return schema.parse(envelope.value);
    throw new WalletRefusal(
      typeof envelope.code === 'string' ? envelope.code : 'UNKNOWN',
      response.status,
    );
  };

  const untilAnswered = async <T>(call: () => Promise<T>): Promise<T> => {
    for (const delay of delays) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof WalletUnreachable)) throw error;
        await sleep(delay);
      }
    }
    return call();
  };

  return {
    balance: (merchantCode, body) =>
      callOnce(merchantCode, '/vendor/v1/balance', body, VendorBalanceSchema),
    debit: (merchantCode, body) =>
      callOnce(merchantCode, '/vendor/v1/debit', body, VendorTransactionResultSchema),
    credit: (merchantCode, body) =>
      untilAnswered(() =>
        callOnce(merchantCode, '/vendor/v1/credit', body, VendorTransactionResultSchema),
      ),
    rollback: (merchantCode, body) =>
      untilAnswered(() =>
        callOnce(merchantCode, '/vendor/v1/rollback', body, VendorTransactionResultSchema),
      ),
  };
};
