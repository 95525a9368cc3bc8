// The fuzz of every route (issue 21 item 6), generated from the OpenAPI document, so a new
// route is covered without writing anything. Each operation gets a bounded set of hostile
// inputs (testing/openapi-fuzz/inputs.ts) with the credential it needs, and a few of them with
// none, a member session and the operator key: none may answer 5xx or an error without a
// stable code. Then inputs the document calls valid: none may be refused with a code the
// document does not list for the status, nor with VALIDATION_FAILED (the document said valid),
// nor answered with a status the document does not list.
import {
  encryptPayload,
  ERROR_STATUS,
  HOUSE_VENDOR_CODE,
  signedVendorHeaders,
  type MemberRole,
  type SessionKey,
} from '@lanna/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { getSessionKey } from '../testing/auth.ts';
import { useVendorWorld, type VendorWorld } from '../testing/factories/games.ts';
import { HOSTS } from '../testing/factories/merchants.ts';
import { newSignedInMember } from '../testing/factories/members.ts';
import { hostileInputsOf, validInputOf, type Input } from '../testing/openapi-fuzz/inputs.ts';
import { operationsOf, type Operation, type Security } from '../testing/openapi-fuzz/operations.ts';
import { OPERATOR_HEADERS } from '../testing/requests.ts';
import { generateOpenApiDocument } from './document.ts';

const VALID_INPUTS_PER_OPERATION = 6;
// Of the hostile set, how many go out again with each credential the operation does not need.
const HOSTILE_WITH_OTHER_CREDENTIALS = 6;

const document = (await generateOpenApiDocument()) as Parameters<typeof operationsOf>[0];
// Operators' changes (settings, flags, credentials) go last, so they cannot change what the
// other operations answer.
const operations = operationsOf(document).sort(
  (a, b) => Number(a.security === 'operator') - Number(b.security === 'operator'),
);

const world = useVendorWorld();

type Credentials = { security: Security; token?: string };

const roleFor = (operation: Operation): 0 | 1 => {
  const roles: readonly MemberRole[] | undefined = operation.endpoint?.roles;
  return roles && !roles.includes('member') && roles.includes('agent') ? 1 : 0;
};

let addressCounter = 0;
// Each request from its own address, so the per-address limits do not answer for the input.
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

const urlOf = (operation: Operation, input: Input): string => {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_all, name: string) => {
    const value = input.path[name];
    return value === undefined ? 'x' : value;
  });
  const query = Object.entries(input.query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${value}`)
    .join('&');
  return query ? `${path}?${query}` : path;
};

const bodyTextOf = async (
  operation: Operation,
  input: Input,
  sessionKey: SessionKey,
  world: VendorWorld,
): Promise<string | undefined> => {
  if (!input.body || operation.method === 'GET') return undefined;
  if ('raw' in input.body) return input.body.raw;
  if (!operation.endpoint?.payload) return JSON.stringify(input.body.json);
  const sealed = await encryptPayload(sessionKey, input.body.json, {
    now: world.app.clock().getTime(),
  });
  return JSON.stringify(sealed);
};

const send = async (
  world: VendorWorld,
  operation: Operation,
  input: Input,
  credentials: Credentials,
  sessionKey: SessionKey,
): Promise<LightMyRequestResponse> => {
  const url = urlOf(operation, input);
  const body = await bodyTextOf(operation, input, sessionKey, world);
  const headers: Record<string, string> = { host: HOSTS.lanna };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (credentials.security === 'member' && credentials.token)
    headers.authorization = `Bearer ${credentials.token}`;
  if (credentials.security === 'operator') Object.assign(headers, OPERATOR_HEADERS);
  if (credentials.security === 'vendor')
    Object.assign(
      headers,
      await signedVendorHeaders({
        secret: world.secrets.house,
        merchantCode: 'lanna',
        vendorCode: HOUSE_VENDOR_CODE,
        method: operation.method,
        path: url.split('?', 1)[0] ?? url,
        body: body ?? '',
        now: world.clock().getTime(),
      }),
    );
  return world.app.inject({
    method: operation.method as InjectOptions['method'],
    url,
    headers,
    remoteAddress: nextAddress(),
    ...(body === undefined ? {} : { payload: body }),
  });
};

type ErrorBody = { success?: unknown; code?: unknown; value?: { issues?: unknown } };

const errorBodyOf = (response: LightMyRequestResponse): ErrorBody | null => {
  try {
    return JSON.parse(response.body) as ErrorBody;
  } catch {
    return null;
  }
};

/** Why an answer to any input is wrong: a 5xx, or a refusal without a stable code. */
const unstableAnswer = (response: LightMyRequestResponse): string | null => {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}: ${response.body.slice(0, 300)}`;
  if (status < 400) return null;
  const body = errorBodyOf(response);
  const code = typeof body?.code === 'string' ? body.code : null;
  if (body?.success !== false || !code || !(code in ERROR_STATUS))
    return `answered ${status} without a stable code: ${response.body.slice(0, 200)}`;
  if (ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== status)
    return `answered ${status} with ${code}, whose status is ${ERROR_STATUS[code as keyof typeof ERROR_STATUS]}`;
  return null;
};

/** Why an answer to an input the document calls valid disagrees with the document. */
const undocumentedAnswer = (operation: Operation, response: LightMyRequestResponse) => {
  const status = response.statusCode;
  const codes = operation.answers.get(status);
  if (!codes) return `answered ${status}, a status the document does not list`;
  if (status < 400) return null;
  const body = errorBodyOf(response);
  const code = String(body?.code);
  if (code === 'VALIDATION_FAILED')
    return `refused a documented-valid input: ${JSON.stringify(body?.value?.issues)}`;
  if (!codes.has(code)) return `refused with ${code}, not documented for ${status}`;
  return null;
};

const credentialsFor = async (
  world: VendorWorld,
  operation: Operation,
  security: Security,
): Promise<Credentials> => {
  if (security !== 'member') return { security };
  const member = await newSignedInMember(world.app, world.db, { type: roleFor(operation) });
  return { security, token: member.token };
};

const OTHER_CREDENTIALS: Record<Security, Security[]> = {
  public: ['member', 'operator'],
  member: ['public', 'operator'],
  operator: ['public', 'member'],
  vendor: ['public', 'member', 'operator'],
};

describe('every operation of the OpenAPI document', () => {
  it('is fuzzed: the document has operations of every kind', () => {
    const kinds = new Set(operations.map((operation) => operation.security));
    expect([...kinds].sort()).toEqual(['member', 'operator', 'public', 'vendor']);
    expect(operations.length).toBeGreaterThan(100);
  });

  it.each(operations.map((operation) => [operation.id, operation] as const))(
    '%s answers hostile input with a 4xx and a stable code, and valid input as documented',
    async (_id, operation) => {
      const sessionKey = await getSessionKey(world.app);
      const problems: string[] = [];
      const own = await credentialsFor(world, operation, operation.security);
      const hostile = hostileInputsOf(operation);
      for (const input of hostile) {
        const response = await send(world, operation, input, own, sessionKey);
        const problem = unstableAnswer(response);
        if (problem) problems.push(`${input.label}: ${problem}`);
      }
      for (const security of OTHER_CREDENTIALS[operation.security]) {
        const other = await credentialsFor(world, operation, security);
        for (const input of hostile.slice(0, HOSTILE_WITH_OTHER_CREDENTIALS)) {
          const response = await send(world, operation, input, other, sessionKey);
          const problem = unstableAnswer(response);
          if (problem) problems.push(`as ${security}, ${input.label}: ${problem}`);
        }
      }
      let validSent = 0;
      for (let seed = 1; seed <= VALID_INPUTS_PER_OPERATION; seed += 1) {
        const input = validInputOf(operation, seed);
        if (!input) continue;
        validSent += 1;
        const response = await send(world, operation, input, own, sessionKey);
        const problem = unstableAnswer(response) ?? undocumentedAnswer(operation, response);
        if (problem)
          problems.push(
            `${input.label} ${urlOf(operation, input)} ${input.body ? JSON.stringify(input.body).slice(0, 300) : ''}: ${problem}`,
          );
      }
      if (validSent === 0) problems.push('no input the document calls valid could be drawn');
      expect(problems).toEqual([]);
    },
  );
});
