import {
  envelopeOf,
  ERROR_STATUS,
  ErrorEnvelopeSchema,
  OK_CODE,
  OK_MESSAGE,
  putVendorIpAllowlist,
  rotateVendorCredentialSecret,
  vendorBalance,
  vendorCredit,
  vendorDebit,
  vendorRollback,
  VENDOR_SIGNATURE_HEADERS,
  type Endpoint,
} from '@lanna/contract';
import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { AppError } from '../../shared/app-error.ts';
import { rememberedPerDatabase } from '../../shared/remembered.ts';
import { operatorActorOf } from '../ops/index.ts';
import { ipInRanges } from '../system/index.ts';
import * as ops from './vendor-credentials-ops.service.ts';
import type { ReplayKey, VendorAnswer } from './vendor-answers.ts';
import { findVendorCredential, type VendorCaller } from './vendor-credentials.service.ts';
import { verifyVendorSignature } from './vendor-signature.ts';
import { vendorWalletConfigOf, type VendorWalletConfig } from './vendor-wallet-config.ts';
import * as service from './vendor-wallet.service.ts';

const MERCHANT_CODE = /^[a-z0-9-]{2,32}$/;
const VENDOR_CODE = /^[A-Z0-9_]{2,32}$/;
// Request texts remembered for their replay keys: a few hundred bytes each.
const KNOWN_BODIES = 20_000;

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Checks a request's signature before anything else reads it: an unsigned request learns
 * nothing, not even whether its body was well-formed. Refusals: VENDOR_SIGNATURE_INVALID,
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

/** A request's body as its endpoint's schema parsed it (the route validates with that schema). */
const bodyOf = <E extends Endpoint & { body: z.ZodType }>(
  _endpoint: E,
  request: FastifyRequest,
): z.output<E['body']> => request.body as z.output<E['body']>;

/** The 200 envelope and the error envelope of each status the endpoint may answer. */
const responsesOf = (endpoint: Endpoint): Record<number, z.ZodType> => {
  const responses: Record<number, z.ZodType> = { 200: envelopeOf(endpoint.value) };
  for (const code of [...endpoint.errors, 'INTERNAL_ERROR' as const])
    responses[ERROR_STATUS[code]] = ErrorEnvelopeSchema;
  return responses;
};

type Handler = (
  request: FastifyRequest,
  call: service.VendorCall,
) => Promise<VendorAnswer | { value: unknown }>;

/**
 * The vendor wallet API (issue 4 item 4): POST /vendor/v1/balance, debit, credit and rollback,
 * server to server, outside the merchant-by-host site paths (the signed X-Merchant-Code names
 * the merchant). Registered here rather than through registerEndpoint because the signature
 * covers the exact body bytes, and a replay must answer the stored response byte for byte,
 * refusals included; the contract's schemas still validate, document and serialise every call.
 */
const signedCalls =
  (config: VendorWalletConfig): FastifyPluginCallback =>
  (app, _options, done) => {
    if (app.config.NODE_ENV === 'production') {
      if (config.defaulted.includes('VENDOR_SECRET_KEY'))
        app.log.warn('VENDOR_SECRET_KEY is unset: vendor secrets are sealed with a public key');
      if (!config.houseSecret)
        app.log.warn('HOUSE_VENDOR_SECRET is unset: the house vendor cannot sign its calls');
    }
    // Who signed each request, for its handler.
    const callers = new WeakMap<FastifyRequest, VendorCaller>();
    const rawBodies = new WeakMap<FastifyRequest, string>();

    // A vendor repeats a callback byte for byte until it is acknowledged. What a repeated body
    // parsed to (the replay key its stored answer is found by) is kept per path and text, so
    // the next repeat whose answer this node remembers is answered once its signature holds,
    // without being parsed, validated or hashed again.
    const knownBodies = rememberedPerDatabase<ReplayKey>(KNOWN_BODIES)(app.db);
    const textKeyOf = (request: FastifyRequest): string =>
      `${request.url}\n${rawBodies.get(request) ?? ''}`;

    // This plugin's own JSON parser (encapsulated: the rest of the app keeps Fastify's) keeps
    // the exact text for the signature and leaves parsing until the signature is checked: an
    // unsigned request learns nothing of its body, not even whether it was well-formed.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    const parsed = (request: FastifyRequest): Promise<{ value: unknown } | null> =>
      new Promise((resolve) => {
        // Fastify's JSON parser (with its prototype-poisoning guard) answers through a callback.
        void parseJson(request, rawBodies.get(request) ?? '', (error, value) => {
          resolve(error ? null : { value });
        });
      });
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      rawBodies.set(request, body as string);
      done(null, undefined);
    });

    // An answer is sent again and again (a vendor repeats a win until acknowledged) and never
    // changes: its bytes are made by the route's serialiser once per answer and kept while the
    // node remembers the answer, so a replay skips the response schema's walk.
    const serialisedAnswers = new WeakMap<object, string>();
    const sendAnswer = (request: FastifyRequest, reply: FastifyReply, answer: VendorAnswer) => {
      if (answer.statusCode >= 400)
        request.log.info({ code: answer.body.code }, 'vendor call refused');
      reply.status(answer.statusCode);
      let json = serialisedAnswers.get(answer.body);
      if (json === undefined) {
        const made = reply.serialize(answer.body);
        if (typeof made !== 'string') throw new Error('the response serialiser made no text');
        json = made;
        serialisedAnswers.set(answer.body, json);
      }
      return reply.type('application/json; charset=utf-8').send(json);
    };

    app.addHook('preValidation', async (request, reply) => {
      const caller = await authenticate(app, config, request, rawBodies.get(request) ?? '');
      callers.set(request, caller);
      if (!rawBodies.has(request)) return;
      const known = knownBodies.get(textKeyOf(request));
      const answer = known ? service.rememberedReplay({ db: app.db, caller }, known) : null;
      if (answer) return sendAnswer(request, reply, answer);
      const body = await parsed(request);
      if (!body) throw new AppError('MALFORMED_BODY');
      request.body = body.value;
    });

    const route = (endpoint: Endpoint, handler: Handler): void => {
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        schema: {
          summary: endpoint.summary,
          ...(endpoint.description ? { description: endpoint.description } : {}),
          tags: [endpoint.tag],
          security: [{ vendorSignature: [] }],
          ...(endpoint.headers ? { headers: endpoint.headers } : {}),
          ...(endpoint.body ? { body: endpoint.body } : {}),
          response: responsesOf(endpoint),
        },
        handler: async (request, reply) => {
          const caller = callers.get(request);
          if (!caller) throw new AppError('VENDOR_SIGNATURE_INVALID');
          const answer = await handler(request, {
            db: app.db,
            caller,
            now: app.clock(),
            requestId: request.id,
            events: app.events,
            jackpotShareBps: config.jackpotShareBps,
          });
          if ('value' in answer)
            return { success: true, code: OK_CODE, message: OK_MESSAGE, value: answer.value };
          // A body is kept once it comes again (its answer was remembered), not the first time:
          // bets that are never repeated would only churn the memory.
          if (answer.replayKey) knownBodies.remember(textKeyOf(request), answer.replayKey);
          return sendAnswer(request, reply, answer);
        },
      });
    };

    // The route's schema has validated and parsed the body by the time a handler runs.
    route(vendorBalance, async (request, call) => ({
      value: await service.getVendorBalance(call, bodyOf(vendorBalance, request)),
    }));
    route(vendorDebit, (request, call) => service.answerDebit(call, bodyOf(vendorDebit, request)));
    route(vendorCredit, (request, call) =>
      service.answerCredit(call, bodyOf(vendorCredit, request)),
    );
    route(vendorRollback, (request, call) =>
      service.answerRollback(call, bodyOf(vendorRollback, request)),
    );
    done();
  };

/**
 * The vendor wallet module's routes: the signed vendor calls in a context of their own (their
 * body parser and signature check touch nothing else), and the operators' credential actions.
 */
export const vendorWalletRoutes: FastifyPluginCallback = (app, _options, done) => {
  const config = vendorWalletConfigOf(app.config);
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
  void app.register(signedCalls(config));
  done();
};
