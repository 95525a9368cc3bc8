import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { WhitelabelNodeSchema } from '@lanna/contract';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import serverPackage from '../../package.json' with { type: 'json' };

// Schemas that become named components. The white-label tree refers to itself, and a
// self-reference can only be written as a $ref to a component of the document.
const componentRegistry = z.registry<{ id: string }>();
componentRegistry.add(WhitelabelNodeSchema, { id: 'WhitelabelNode' });

/** The OpenAPI document, generated from the contract's schemas; swagger UI serves it at /docs. */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
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
          { name: 'ops', description: 'Operator back office (bearer OPERATOR_API_KEY)' },
        ],
        components: {
          securitySchemes: { operatorKey: { type: 'http', scheme: 'bearer' } },
        },
      },
      transform: createJsonSchemaTransform({ schemaRegistry: componentRegistry }),
      transformObject: createJsonSchemaTransformObject({ schemaRegistry: componentRegistry }),
    });
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      uiConfig: { deepLinking: true, validatorUrl: null },
    });
  },
  { name: 'openapi' },
);
