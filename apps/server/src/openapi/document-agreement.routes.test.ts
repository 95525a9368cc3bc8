// The OpenAPI document and the server agree (issue 21 item 6): each disagreement Schemathesis
// found has a test here. Request fields: the document's schema of every top-level field and
// the contract's (which the server validates with) take and refuse the same probe values.
// Rules the schema cannot state answer RULES_NOT_MET, which the operation documents; routes
// outside the contract and refusals such as a missing gameCode are documented too.
import { ENDPOINTS, type Endpoint } from '@lanna/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HOSTS } from '../testing/factories/merchants.ts';
import { newSignedInMember } from '../testing/factories/members.ts';
import { operationsOf, type JsonSchema } from '../testing/openapi-fuzz/operations.ts';
import { codeOf, ops } from '../testing/requests.ts';
import { useTestApp } from '../testing/use-test-app.ts';
import { generateOpenApiDocument } from './document.ts';

const document = (await generateOpenApiDocument()) as Parameters<typeof operationsOf>[0];
const operations = operationsOf(document);
const world = useTestApp();

const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
const documentTakes = (schema: JsonSchema, value: unknown) => ajv.validate(schema, value);

// What Schemathesis sent that the two judged differently, and neighbours of it.
const PROBES = [
  '0',
  '1',
  '-1',
  '9223372036854775808',
  '',
  '   ',
  ' a ',
  'abc',
  'a\u0000b',
  '\ud800x',
  '\u202Eabc',
  '2024-02-30',
  '2024-02-29',
  '0020-01-01T00:00:00Z',
  '2026-01-01T00:00:00.000Z',
  '9999-12-31',
  '203.0.113.0/24',
  '300.1.1.1/8',
  'B,PL',
  'B,XX',
  'https://chat.example.test/room',
  'not a url',
];

/** The object schema inside a refined, defaulted or optional wrapper, if it is one. */
const objectOf = (schema: z.ZodType | undefined): z.ZodObject | null => {
  let current: unknown = schema;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (current instanceof z.ZodObject) return current;
    current = (current as { def?: { innerType?: unknown; in?: unknown } }).def?.innerType;
  }
  return null;
};

/** Every top-level request field: the contract's schema and the document's. */
const fieldPairs = (endpoint: Endpoint) => {
  const operation = operations.find(
    (each) => each.endpoint === endpoint && each.method === endpoint.method,
  );
  if (!operation) return [];
  const bodySchema = (operation.body?.properties ?? {}) as Record<string, JsonSchema>;
  const parameter = (name: string) =>
    operation.parameters.find((each) => each.name === name && each.in !== 'header')?.schema;
  const contract = {
    ...objectOf(endpoint.params)?.shape,
    ...objectOf(endpoint.query)?.shape,
    ...objectOf(endpoint.payload ?? endpoint.body)?.shape,
  } as Record<string, z.ZodType>;
  return Object.entries(contract).flatMap(([field, zod]) => {
    const documented = bodySchema[field] ?? parameter(field);
    return documented ? [{ id: `${operation.id} ${field}`, zod, documented }] : [];
  });
};

describe('the document and the contract', () => {
  const pairs = ENDPOINTS.flatMap(fieldPairs).filter(
    // Query numbers arrive as text and are coerced; the document types them as numbers.
    ({ documented }) => documented.type === 'string' || documented.anyOf !== undefined,
  );

  it('pair up many request fields', () => {
    expect(pairs.length).toBeGreaterThan(150);
  });

  it.each(pairs.map((pair) => [pair.id, pair] as const))(
    '%s: take and refuse the same values',
    (_id, { zod, documented }) => {
      const disagreements = PROBES.filter(
        (probe) => zod.safeParse(probe).success !== documentTakes(documented, probe),
      );
      expect(disagreements).toEqual([]);
    },
  );
});

const documentedCodes = (id: string, status: number) =>
  [...(operations.find((operation) => operation.id === id)?.answers.get(status) ?? [])].sort();

describe('what the schema cannot state', () => {
  it('answers a range of more than 366 days RULES_NOT_MET, which the document lists', async () => {
    const member = await newSignedInMember(world.app, world.db);
    const response = await world.app.inject({
      method: 'GET',
      url: '/wps/member/records/account?from=2025-01-01&to=2026-01-03',
      headers: { host: HOSTS.lanna, authorization: `Bearer ${member.token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe('RULES_NOT_MET');
    expect(documentedCodes('GET /wps/member/records/account', 400)).toContain('RULES_NOT_MET');
  });

  it('answers a maintenance that ends before it starts RULES_NOT_MET, which the document lists', async () => {
    const response = await ops(world.app, 'PUT', '/ops/merchants/lanna/access', {
      maintenance: {
        enabled: false,
        startsAt: '2026-05-02T00:00:00.000Z',
        endsAt: '2026-05-01T00:00:00.000Z',
      },
      regionRestriction: { enabled: false, countries: [], cidrs: [] },
      reason: 'fuzz finding',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(codeOf(response)).toBe('RULES_NOT_MET');
    expect(documentedCodes('PUT /ops/merchants/{merchantCode}/access', 400)).toContain(
      'RULES_NOT_MET',
    );
  });

  it('documents the 404 of generated media and the 400 of a launch without gameCode', async () => {
    expect(documentedCodes('GET /media/banners/{file}', 404)).toContain('NOT_FOUND');
    expect(documentedCodes('GET /media/games/{file}', 404)).toContain('NOT_FOUND');
    const member = await newSignedInMember(world.app, world.db);
    const launch = await world.app.inject({
      method: 'GET',
      url: '/wps/game/launchGame?vassalage=HOUSE',
      headers: { host: HOSTS.lanna, authorization: `Bearer ${member.token}` },
    });
    expect(launch.statusCode).toBe(400);
    expect(documentedCodes('GET /wps/game/launchGame', 400)).toContain(codeOf(launch));
  });
});
