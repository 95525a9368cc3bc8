import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getDomainNames } from '../modules/system/index.ts';
import { cspHeaderValue } from './security.ts';

/** Paths that belong to the server; everything else may be a route of the single-page app. */
const SERVER_PREFIXES = ['/wps', '/lgw', '/ops', '/docs', '/media', '/healthz', '/local-oidc'];

const isServerPath = (path: string): boolean =>
  SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** Vite puts content-hashed bundles under assets/: they never change, so they cache for a year. */
const setCacheHeaders = (reply: FastifyReply, filePath: string): void => {
  const hashed = filePath.includes(`${sep}assets${sep}`);
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
};

export type WebApp = {
  /** True for a page navigation the SPA should answer (history-mode routing). */
  wants: (request: FastifyRequest) => boolean;
  sendIndex: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
};

/**
 * The SPA page, allowed to connect to the merchant's own domains too: the server-speed
 * selector times a request to each mirror (spec section 4).
 */
const sendIndex = async (app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => {
  const merchant = await app.findMerchant(request.host || '');
  const domains = merchant ? await getDomainNames(app.db, merchant.id) : [];
  reply.header('content-security-policy', cspHeaderValue(domains.map((domain) => `${domain}:*`)));
  return reply.sendFile('index.html');
};

/**
 * Production serves the built web app (WEB_DIST_DIR): files as they are, and index.html for any
 * other page a browser navigates to. Returns null, after saying why, when nothing is built.
 */
const isPagePath = (path: string): boolean => {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.') || last.endsWith('.html');
};

export const registerWebApp = async (
  app: FastifyInstance,
  distDir: string,
): Promise<WebApp | null> => {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn(
      `web app not found at ${distDir} (no index.html): run "npm run build" first, or set ` +
        'WEB_DIST_DIR. The API still runs; pages answer 404.',
    );
    return null;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    cacheControl: false,
    setHeaders: setCacheHeaders,
    // The build writes .br and .gz copies beside each text file (apps/web/build).
    preCompressed: true,
    // Directories and index.html go through the fallback, so every page gets the page headers.
    allowedPath: (pathName) => !pathName.endsWith('/') && pathName !== '/index.html',
  });
  return {
    wants: (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const path = request.url.split('?')[0] ?? '';
      if (isServerPath(path)) return false;
      // A page address (no file extension, or .html) is the app's in history mode whoever
      // asks; a missing asset such as /assets/x.js stays a 404 unless a browser asks for a page.
      return isPagePath(path) || (request.headers.accept ?? '').includes('text/html');
    },
    sendIndex: (request, reply) => sendIndex(app, request, reply),
  };
};
