import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { loadEnv } from '../config/env.ts';
import { openDb } from '../db/client.ts';

/** apps/server/openapi.json: committed, and checked for drift in CI. */
export const OPENAPI_FILE = fileURLToPath(new URL('../../openapi.json', import.meta.url));

/**
 * The OpenAPI document exactly as /docs/json serves it. It depends on the contract and the
 * routes only, so it is built on an empty in-memory database that is never queried.
 */
export const generateOpenApiDocument = async (): Promise<unknown> => {
  const db = await openDb({ kind: 'pglite', dataDir: null });
  try {
    const app = await buildApp({ env: loadEnv({ LOG_LEVEL: 'silent' }), db });
    await app.ready();
    const document = await app.openApiDocument();
    await app.close();
    return document;
  } finally {
    await db.close();
  }
};

/** The committed form: two-space JSON with a final newline. */
export const formatOpenApiDocument = (document: unknown): string =>
  `${JSON.stringify(document, null, 2)}\n`;
