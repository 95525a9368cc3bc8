import {
  findAnnouncements,
  findBanners,
  findFeedback,
  findNotices,
  getHelpCentre,
  submitFeedback,
} from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesOf, registerEndpoint, svgResponses } from '../../plugins/endpoint.ts';
import * as announcements from './announcements.service.ts';
import { registerContentOpsRoutes } from './content-ops.routes.ts';
import type { FindMerchantByCode } from './content-ops.service.ts';
import * as service from './content.service.ts';
import * as feedback from './feedback.service.ts';
import * as help from './help.service.ts';

const BannerFileParamsSchema = z.object({
  file: z.string().regex(/^\d{1,9}\.svg$/, 'a banner id followed by .svg'),
});

/** Register with the system module's `findMerchantByCode`, for the operator routes. */
export const contentRoutes: FastifyPluginCallback<{ findMerchantByCode: FindMerchantByCode }> = (
  app,
  { findMerchantByCode },
  done,
) => {
  const { db } = app;

  registerEndpoint(app, findBanners, async ({ merchant, query }) => ({
    list: await service.findBanners(db, merchant.id, query.groupName),
  }));
  registerEndpoint(app, findNotices, ({ merchant, query }) =>
    service.findNotices(db, merchant.id, query, app.clock()),
  );
  registerEndpoint(app, findAnnouncements, ({ merchant, query }) =>
    announcements.findAnnouncements(db, merchant.id, query, app.clock()),
  );
  registerEndpoint(app, getHelpCentre, async ({ merchant, query }) => ({
    list: await help.findHelpArticles(db, merchant.id, query.lang, query.device),
  }));
  registerEndpoint(app, submitFeedback, ({ body, session }) =>
    feedback.submitFeedback(db, session, body, app.clock()),
  );
  registerEndpoint(app, findFeedback, ({ query, session }) =>
    feedback.findMemberFeedback(db, session, query),
  );
  registerContentOpsRoutes(app, findMerchantByCode);

  // Banner artwork is generated, not stored (architecture.md, Web): an SVG per banner.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: `${service.MEDIA_PATH}/banners/:file`,
    onRequest: [app.requireMerchant],
    schema: {
      summary: 'Generated artwork of a banner, as SVG',
      tags: ['content'],
      params: BannerFileParamsSchema,
      response: {
        ...svgResponses,
        ...errorResponsesOf(['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND', 'NOT_FOUND']),
      },
    },
    handler: async (request, reply) => {
      const merchant = request.merchant;
      if (!merchant) throw new Error('requireMerchant did not run');
      const id = Number.parseInt(request.params.file, 10);
      const image = await service.renderBanner(db, merchant.id, id);
      reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        // Artwork may be served to the merchant's pages through an image CDN on another origin.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('etag', image.etag);
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send('');
      return reply.send(image.svg);
    },
  });
  done();
};
