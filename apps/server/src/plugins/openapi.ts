import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { WhitelabelNodeSchema } from '@lanna/contract';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type HTTPMethods,
  type RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import serverPackage from '../../package.json' with { type: 'json' };
import { ZOD_COMPILERS } from './zod-compilers.ts';

// Schemas that become named components. The white-label tree refers to itself, and a
// self-reference can only be written as a $ref to a component of the document.
const componentRegistry = z.registry<{ id: string }>();
componentRegistry.add(WhitelabelNodeSchema, { id: 'WhitelabelNode' });

const SWAGGER_OPTIONS: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Lanna API',
      version: serverPackage.version,
      description:
        'Every response is the envelope {success, code, message, value}; `message` is a ' +
        'translation key (`errors.<CODE>`). Site APIs answer for the merchant of the Host header.',
    },
    tags: [
      {
        name: 'system',
        description: 'Status, permission, white-label, domains, registration rules',
      },
      { name: 'games', description: 'Vendors and game menus' },
      { name: 'content', description: 'Banners, notices and generated media' },
      {
        name: 'auth',
        description:
          'Sessions, login, registration, passwords, captcha. Sealed calls take an ' +
          'EncryptedPayload made with encryptPayload and the key of GET /wps/session/key.',
      },
      { name: 'ops', description: 'Operator back office (bearer OPERATOR_API_KEY)' },
      {
        name: 'vendor-wallet',
        description:
          "Game providers move a player's money (server to server, signed with the vendor's " +
          'HMAC secret: see each call and signVendorRequest in @lanna/contract)',
      },
    ],
    components: {
      securitySchemes: {
        operatorKey: { type: 'http', scheme: 'bearer' },
        memberSession: { type: 'http', scheme: 'bearer' },
        vendorSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Signature',
          description:
            'Hex HMAC-SHA256 of the signing string, with X-Merchant-Code, X-Vendor-Code and ' +
            'X-Timestamp (see the vendor-wallet calls)',
        },
      },
    },
  },
  transform: createJsonSchemaTransform({ schemaRegistry: componentRegistry }),
  transformObject: createJsonSchemaTransformObject({ schemaRegistry: componentRegistry }),
};

const DOCS_PREFIX = '/docs';
const UI_OPTIONS: FastifySwaggerUiOptions = {
  routePrefix: DOCS_PREFIX,
  uiConfig: { deepLinking: true, validatorUrl: null },
};

/** What the document needs of a route: the same method, path and (zod) schema. */
type DocumentedRoute = { method: HTTPMethods[]; url: string; schema: RouteOptions['schema'] };

const isDocsPath = (url: string): boolean =>
  url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

// The copy of a documented route only describes it; a request under /docs never reaches one.
const notServed = (_request: FastifyRequest, reply: FastifyReply) => reply.callNotFound();

/**
 * The documentation server: swagger and its UI over copies of the app's routes, built the
 * first time someone asks for /docs (or for the document). Swagger, its UI and the hundred-odd
 * files they load (a YAML library among them) stay out of every start, and the document is
 * exactly the one swagger makes when registered in the app itself: the same routes in the same
 * order, with the same schemas and transforms.
 */
const buildDocsServer = async (routes: readonly DocumentedRoute[]): Promise<FastifyInstance> => {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify({ logger: false, schemaController: { compilersFactory: ZOD_COMPILERS } });
  await docs.register(swagger, SWAGGER_OPTIONS);
  await docs.register(swaggerUi, UI_OPTIONS);
  for (const route of routes) docs.route({ ...route, handler: notServed });
  await docs.ready();
  return docs;
};

// Per-hop and length headers belong to the answer this app sends, not to the one it relays.
const NOT_RELAYED = new Set([
  'connection',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * The OpenAPI document, generated from the contract's schemas; swagger UI serves it at /docs.
 * The app records its routes as they are registered and answers /docs from the documentation
 * server above; `app.openApiDocument()` gives the document itself.
 */
export const openApiPlugin = fp(
  (app, _options, done) => {
    const routes: DocumentedRoute[] = [];
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat().filter((method) => method !== 'HEAD');
      const hidden = route.schema?.hide === true;
      if (methods.length === 0 || hidden || isDocsPath(route.url)) return;
      routes.push({ method: methods, url: route.url, schema: route.schema });
    });

    let docsServer: Promise<FastifyInstance> | null = null;
    const docs = () => {
      docsServer ??= buildDocsServer(routes).catch((error: unknown) => {
        docsServer = null;
        throw error;
      });
      return docsServer;
    };
    app.decorate('openApiDocument', async () => (await docs()).swagger());
    app.addHook('onClose', async () => {
      if (docsServer) await (await docsServer.catch(() => null))?.close();
    });

    const relay = async (request: FastifyRequest, reply: FastifyReply) => {
      const answer = await (
        await docs()
      ).inject({
        method: request.method as 'GET' | 'HEAD',
        url: request.url,
        headers: request.headers,
      });
      if (answer.statusCode === 404) return reply.callNotFound();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !NOT_RELAYED.has(name)) reply.header(name, value);
      }
      reply.status(answer.statusCode);
      return answer.rawPayload.length > 0 ? reply.send(answer.rawPayload) : reply.send();
    };
    for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/*`]) {
      app.route({ method: 'GET', url, schema: { hide: true }, handler: relay });
    }
    done();
  },
  { name: 'openapi' },
);
