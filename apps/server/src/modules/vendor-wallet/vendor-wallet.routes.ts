import {
  putVendorIpAllowlist,
  rotateVendorCredentialSecret,
  vendorBalance,
  vendorCredit,
  vendorDebit,
  vendorRollback,
  VENDOR_SIGNATURE_HEADERS,
} from '@lanna/contract';
import { PassThrough } from 'node:stream';
import type {
  FastifyInstance,
  FastifyPluginCallback,
  FastifyRequest,
  preParsingHookHandler,
} from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { AppError } from '../../shared/app-error.ts';
import { operatorActorOf } from '../ops/index.ts';
import { ipInRanges } from '../system/index.ts';
import * as ops from './vendor-credentials-ops.service.ts';
import { answerCredit, answerRollback } from './vendor-payouts.service.ts';
import { findVendorCredential, type VendorCaller } from './vendor-credentials.service.ts';
import { verifyVendorSignature } from './vendor-signature.ts';
import { vendorWalletConfigOf, type VendorWalletConfig } from './vendor-wallet-config.ts';
import * as service from './vendor-wallet.service.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** preParsing hook of `auth: 'vendor'` endpoints: sets `request.vendor` or refuses. */
    requireVendor: preParsingHookHandler;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The vendor that signed the call, on vendor calls; null elsewhere. */
    vendor: VendorCaller | null;
  }
}

const MERCHANT_CODE = /^[a-z0-9-]{2,32}$/;
const VENDOR_CODE = /^[A-Z0-9_]{2,32}$/;

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The body's exact bytes, read up to the route's limit. */
const bytesOf = async (payload: AsyncIterable<Buffer>, limitBytes: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of payload) {
    length += chunk.length;
    if (length > limitBytes) throw new AppError('PAYLOAD_TOO_LARGE');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/**
 * Who signed a request, over the exact body text. Refusals: VENDOR_SIGNATURE_INVALID,
 * VENDOR_TIMESTAMP_INVALID (401), VENDOR_IP_FORBIDDEN (403) for a signed call from an address
 * off the vendor's allowlist.
 */
const authenticate = async (
  app: FastifyInstance,
  config: VendorWalletConfig,
  request: FastifyRequest,
  rawBody: string,
): Promise<VendorCaller> => {
  const merchantCode = headerOf(request, VENDOR_SIGNATURE_HEADERS.merchantCode) ?? '';
  const vendorCode = headerOf(request, VENDOR_SIGNATURE_HEADERS.vendorCode) ?? '';
  if (!MERCHANT_CODE.test(merchantCode) || !VENDOR_CODE.test(vendorCode))
    throw new AppError('VENDOR_SIGNATURE_INVALID');
  const now = app.clock();
  const credential = await findVendorCredential(app.db, config, { merchantCode, vendorCode, now });
  if (!credential) throw new AppError('VENDOR_SIGNATURE_INVALID');
  const verdict = verifyVendorSignature({
    secrets: credential.secrets,
    input: {
      method: request.method,
      path: request.url,
      timestamp: headerOf(request, VENDOR_SIGNATURE_HEADERS.timestamp) ?? '',
      merchantCode,
      vendorCode,
      body: rawBody,
    },
    signature: headerOf(request, VENDOR_SIGNATURE_HEADERS.signature) ?? '',
    nowMs: now.getTime(),
    windowSeconds: config.signatureWindowSeconds,
  });
  if (verdict !== 'valid') throw new AppError(verdict);
  if (credential.ipAllowlist.length > 0 && !ipInRanges(request.clientIp, credential.ipAllowlist))
    throw new AppError('VENDOR_IP_FORBIDDEN');
  return { merchantId: credential.merchantId, merchantCode, vendorCode };
};

/**
 * The signature check of vendor calls, before anything parses the body: an unsigned request
 * learns nothing, not even whether its body was well-formed. Fastify's own parser then parses
 * the bytes that were signed.
 */
const requireVendorOf =
  (app: FastifyInstance, config: VendorWalletConfig): preParsingHookHandler =>
  async (request, _reply, payload) => {
    const limitBytes = request.routeOptions.bodyLimit;
    if (Number(request.headers['content-length']) > limitBytes)
      throw new AppError('PAYLOAD_TOO_LARGE');
    const bytes = await bytesOf(payload, limitBytes);
    request.vendor = await authenticate(app, config, request, bytes.toString('utf8'));
    const signed = new PassThrough();
    signed.end(bytes);
    return signed;
  };

/**
 * The vendor wallet module's routes: the operators' credential actions, and the vendor wallet
 * API (issue 4 item 4): POST /vendor/v1/balance, debit, credit and rollback, server to server,
 * outside the merchant-by-host site paths (the signed X-Merchant-Code names the merchant).
 * Money calls are idempotent: their handlers answer the stored answer of the call's key.
 */
export const vendorWalletRoutes: FastifyPluginCallback = (app, _options, done) => {
  const config = vendorWalletConfigOf(app.config);
  app.decorateRequest('vendor', null);
  app.decorate('requireVendor', requireVendorOf(app, config));

  registerEndpoint(app, rotateVendorCredentialSecret, ({ params, body, request }) =>
    ops.rotateSecretAsOperator(app.db, config, params, {
      actor: operatorActorOf(request),
      reason: body.reason,
      now: app.clock(),
    }),
  );
  registerEndpoint(app, putVendorIpAllowlist, ({ params, body, request }) =>
    ops.setIpAllowlistAsOperator(
      app.db,
      { ...params, cidrs: body.cidrs },
      { actor: operatorActorOf(request), reason: body.reason, now: app.clock() },
    ),
  );

  const callOf = (request: FastifyRequest, caller: VendorCaller): service.VendorCall => ({
    db: app.db,
    caller,
    now: app.clock(),
    requestId: request.id,
    events: app.events,
    jackpotShareBps: config.jackpotShareBps,
  });
  registerEndpoint(app, vendorBalance, ({ request, vendor, body }) =>
    service.getVendorBalance(callOf(request, vendor), body),
  );
  registerEndpoint(app, vendorDebit, ({ request, vendor, body }) =>
    service.answerDebit(callOf(request, vendor), body),
  );
  registerEndpoint(app, vendorCredit, ({ request, vendor, body }) =>
    answerCredit(callOf(request, vendor), body),
  );
  registerEndpoint(app, vendorRollback, ({ request, vendor, body }) =>
    answerRollback(callOf(request, vendor), body),
  );
  done();
};
