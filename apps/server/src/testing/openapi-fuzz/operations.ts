import { ENDPOINTS, type Endpoint } from '@lanna/contract';
import { z } from 'zod';
import { REFUSED_WITH } from '../../plugins/endpoint.ts';

/** A JSON Schema, as the OpenAPI document holds it. */
export type JsonSchema = Record<string, unknown>;

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
};

export type Security = 'public' | 'member' | 'operator' | 'vendor';

/** One operation of the OpenAPI document, with what it documents about its answers. */
export type Operation = {
  /** `POST /wps/session/login` */
  id: string;
  method: string;
  /** The document's path, parameters in braces: `/ops/merchants/{merchantCode}/wallet`. */
  path: string;
  security: Security;
  parameters: Parameter[];
  /** The JSON body's schema; for a sealed call, the schema of the payload sealed inside it. */
  body: JsonSchema | null;
  /** The contract endpoint behind the operation; null for routes outside the contract. */
  endpoint: Endpoint | null;
  /** Each documented status and the codes it is documented to carry (none for success). */
  answers: Map<number, Set<string>>;
};

type DocumentOperation = {
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string }>;
};

const SECURITY_OF: Record<string, Security> = {
  memberSession: 'member',
  operatorKey: 'operator',
  vendorSignature: 'vendor',
};

const contractPathOf = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

const endpointOf = (method: string, path: string): Endpoint | null =>
  ENDPOINTS.find(
    (endpoint) => endpoint.method === method && endpoint.path === contractPathOf(path),
  ) ?? null;

const answersOf = (responses: DocumentOperation['responses'] = {}) =>
  new Map(
    Object.entries(responses).map(([status, response]) => {
      const description = response.description ?? '';
      const codes = description.startsWith(REFUSED_WITH)
        ? description.slice(REFUSED_WITH.length).split(', ')
        : [];
      return [Number(status), new Set(codes)];
    }),
  );

/** Every operation of the document, in its order. */
export const operationsOf = (document: {
  paths: Record<string, Record<string, DocumentOperation>>;
}): Operation[] =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([lowerMethod, operation]) => {
      const method = lowerMethod.toUpperCase();
      const endpoint = endpointOf(method, path);
      const scheme = Object.keys(operation.security?.[0] ?? {})[0];
      const documentedBody = operation.requestBody?.content?.['application/json']?.schema ?? null;
      return {
        id: `${method} ${path}`,
        method,
        path,
        security: (scheme && SECURITY_OF[scheme]) || 'public',
        parameters: operation.parameters ?? [],
        body: endpoint?.payload ? payloadSchemaOf(endpoint) : documentedBody,
        endpoint,
        answers: answersOf(operation.responses),
      };
    }),
  );

/** A sealed call's payload schema as the document would state it, from the contract. */
const payloadSchemaOf = (endpoint: Endpoint): JsonSchema =>
  endpoint.payload ? z.toJSONSchema(endpoint.payload, { io: 'input', unrepresentable: 'any' }) : {};
