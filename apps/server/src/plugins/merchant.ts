import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createAccessSettingsCache, createMerchantResolver } from '../modules/system/index.ts';
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
    app.decorate('requireMerchant', async (request: FastifyRequest) => {
      // An HTTP/1.0 request may come without a Host header at all.
      const merchant = await findMerchant(request.host || '');
      if (!merchant) throw new AppError('MERCHANT_NOT_FOUND');
      request.merchant = merchant;
    });
    done();
  },
  { name: 'merchant', dependencies: ['db'] },
);
