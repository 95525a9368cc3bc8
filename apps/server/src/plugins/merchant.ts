import type { FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import {
  createAccessSettingsCache,
  createMerchantResolver,
  type MerchantRef,
} from '../modules/system/index.ts';
import { AppError } from '../shared/app-error.ts';

/**
 * Multi-merchant: the merchant is the one whose domain table holds the request's host (port
 * ignored); DEV_MERCHANT serves unknown hosts outside production. Nothing crosses merchants.
 * The instance also carries the merchants' access settings, read through the same short cache.
 */
export const merchantPlugin = fp<{ fallbackCode: string | undefined }>(
  (app, options, done) => {
    const findMerchant = createMerchantResolver(app.db, { fallbackCode: options.fallbackCode });
    app.decorate('findMerchant', findMerchant);
    app.decorate('accessSettings', createAccessSettingsCache(app.db));
    app.decorateRequest('merchant', null);
    const settle = (
      request: FastifyRequest,
      merchant: MerchantRef | null,
      done: HookHandlerDoneFunction,
    ) => {
      if (!merchant) {
        done(new AppError('MERCHANT_NOT_FOUND'));
        return;
      }
      request.merchant = merchant;
      done();
    };
    // Every site call passes here: a cached answer settles it without waiting on a promise.
    app.decorate('requireMerchant', (request, _reply, done) => {
      // An HTTP/1.0 request may come without a Host header at all.
      const host = request.host || '';
      const known = findMerchant.cached(host);
      if (known) {
        settle(request, known.value, done);
        return;
      }
      findMerchant(host).then((merchant) => settle(request, merchant, done), done);
    });
    done();
  },
  { name: 'merchant', dependencies: ['db'] },
);
