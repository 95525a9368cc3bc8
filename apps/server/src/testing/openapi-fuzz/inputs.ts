import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { generateSync } from 'json-schema-faker';
import type { JsonSchema, Operation } from './operations.ts';

/**
 * What one request of the fuzz sends: path and query values as they go into the URL (already
 * encoded), and the body: a JSON value, or raw text for bodies that are not JSON at all.
 */
export type Input = {
  label: string;
  path: Record<string, string>;
  query: Record<string, string>;
  body?: { json: unknown } | { raw: string };
};

const TEN_KB = 'x'.repeat(10_240);

/**
 * Values an attacker puts in a JSON field: wrong types, negative, zero, fractional, huge and
 * non-numeric amounts, empty, blank and 10 kB strings, NUL, a lone surrogate, a right-to-left
 * override, and arrays and objects where a scalar belongs.
 */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  -1,
  0,
  0.5,
  1e308,
  2 ** 53 + 2,
  '-1',
  '0',
  '0.001',
  '1e3',
  '9223372036854775808',
  '99999999999999999999999999',
  'abc',
  '',
  '   ',
  TEN_KB,
  'a\u0000b',
  '\ud800x',
  '\u202Eevil',
  '9999-12-31',
  '0020-01-01T00:00:00Z',
  [],
  [1, 'a'],
  {},
  { nested: { deep: [] } },
];

/** The same for a path or query value, encoded as it reaches the server. */
export const HOSTILE_URL_VALUES: readonly string[] = [
  '-1',
  '0',
  '1.5',
  '1e3',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999999',
  'abc',
  '',
  '%20',
  'x'.repeat(2048),
  'a%00b',
  '%ED%A0%80x',
  '%E2%80%AEevil',
  '9999-12-31',
  '0020-01-01',
  '..%2F..%2Fetc',
];

/** Bodies that are not what any operation takes. */
const HOSTILE_BODIES: readonly Input['body'][] = [
  { raw: '{"unterminated": ' },
  { raw: 'not json' },
  { json: [] },
  { json: 'a string' },
  { json: 12 },
  { json: null },
  { json: {} },
  { json: [{}] },
];

const encode = (value: unknown): string =>
  encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value));

// The document's own judge of what is valid: a generated value the schema refuses is the
// generator's miss, not the server's, and is drawn again.
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
const DRAWS = 25;

/** One value the schema calls valid, `seed` picking which; undefined if none was drawn. */
const validValueOf = (schema: JsonSchema, seed: number): unknown => {
  const isValid = ajv.compile(schema);
  for (let draw = 0; draw < DRAWS; draw += 1) {
    const value = generateSync(schema, {
      seed: seed + draw * 7919,
      optionalsProbability: 0.5,
      maxLength: 64,
    });
    if (isValid(value)) return value;
  }
  return undefined;
};

/**
 * An input the document calls valid: every required parameter, some optional ones, a body.
 * Null when no valid value was drawn for a required part.
 */
export const validInputOf = (operation: Operation, seed: number): Input | null => {
  const input: Input = { label: `valid #${seed}`, path: {}, query: {} };
  for (const [index, parameter] of operation.parameters.entries()) {
    if (parameter.in === 'header') continue;
    if (!parameter.required && (seed + index) % 2 === 0) continue;
    const value = validValueOf(parameter.schema, seed * 31 + index);
    if (value === undefined) {
      if (parameter.required) return null;
      continue;
    }
    input[parameter.in][parameter.name] = encode(value);
  }
  if (operation.body) {
    const body = validValueOf(operation.body, seed);
    if (body === undefined) return null;
    input.body = { json: body };
  }
  return input;
};

/** `record` without `key`, or with `key` set to `value`. */
const withEntry = <T>(record: Record<string, T>, key: string, value?: T): Record<string, T> => {
  const others = Object.entries(record).filter(([name]) => name !== key);
  return Object.fromEntries(value === undefined ? others : [...others, [key, value]]);
};

const withField = (body: unknown, field: string, value: unknown): unknown =>
  withEntry(body as Record<string, unknown>, field, value);

/**
 * The bounded hostile set of one operation, built around a valid input: each hostile body;
 * each body field missing and replaced by each hostile value; an extra field; each path and
 * query parameter replaced by each hostile URL value, and each required one left out.
 */
export const hostileInputsOf = (operation: Operation): Input[] => {
  const valid = validInputOf(operation, 1) ?? { label: 'nothing valid', path: {}, query: {} };
  const inputs: Input[] = [];
  const validBody = valid.body && 'json' in valid.body ? valid.body.json : undefined;
  if (operation.body) {
    for (const body of HOSTILE_BODIES)
      inputs.push({ ...valid, label: `body ${JSON.stringify(body)}`, body });
    const fields = Object.keys((operation.body.properties as object | undefined) ?? {});
    if (validBody !== null && typeof validBody === 'object' && !Array.isArray(validBody)) {
      inputs.push({
        ...valid,
        label: 'an extra field',
        body: { json: withField(validBody, 'extraField', 1) },
      });
      for (const field of fields) {
        inputs.push({
          ...valid,
          label: `${field} missing`,
          body: { json: withField(validBody, field, undefined) },
        });
        for (const value of HOSTILE_VALUES)
          inputs.push({
            ...valid,
            label: `${field} = ${JSON.stringify(value).slice(0, 40)}`,
            body: { json: withField(validBody, field, value) },
          });
      }
    }
  }
  for (const parameter of operation.parameters) {
    if (parameter.in === 'header') continue;
    const place = parameter.in;
    if (parameter.required && place === 'query') {
      const query = withEntry(valid.query, parameter.name);
      inputs.push({ ...valid, label: `${parameter.name} missing`, query });
    }
    for (const value of HOSTILE_URL_VALUES) {
      if (place === 'path' && value === '') continue;
      inputs.push({
        ...valid,
        label: `${place} ${parameter.name} = ${value.slice(0, 40)}`,
        [place]: { ...valid[place], [parameter.name]: value },
      });
    }
  }
  return inputs;
};
