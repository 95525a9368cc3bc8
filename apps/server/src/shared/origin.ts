import type { FastifyRequest } from 'fastify';

/** The site's origin as the browser sees it (Fastify honours TRUST_PROXY for both parts). */
export const originOf = (request: FastifyRequest): string =>
  `${request.protocol}://${request.host}`;
