// Proves the text rule (text.ts) holds for every string field of every request schema of the
// route table, params, query, headers, body and sealed payload alike: NUL and a lone surrogate
// are refused everywhere, a right-to-left override wherever another person is shown the text,
// and the OpenAPI document states each refusal as a pattern. A new field that forgets the rule
// fails here.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import { ENDPOINTS } from './routes.ts';
import { shownText, text, textPattern } from './text.ts';

const HOSTILE = ['a\u0000b', '\ud800x'];
const BIDI_OVERRIDE = '\u202Eabc';
/** Fields of these names are shown to another person: their text must be `shownText`. */
const SHOWN_FIELDS = new Set([
  'username',
  'nickname',
  'payeeName',
  'downline',
  'title',
  'content',
  'reply',
  'text',
  'reason',
  'payerName',
  'reference',
  'accountName',
  'bankName',
]);
const PARTS = ['params', 'query', 'headers', 'body', 'payload'] as const;

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
};
const defOf = (schema: z.ZodType): Def => schema._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);

/** Whether a field takes a string: a string schema under optional, default, pipe and the like. */
const takesString = (schema: z.ZodType): boolean => {
  const def = defOf(schema);
  if (def.type === 'string') return true;
  if (WRAPPERS.has(def.type) && def.innerType) return takesString(def.innerType);
  if (def.type === 'pipe' && def.in) return takesString(def.in);
  if (def.type === 'union') return (def.options ?? []).some(takesString);
  return false;
};

type Field = { path: string; schema: z.ZodType };

/** Every string-typed field below a request schema, each with its path ("body.title"). */
const stringFields = (schema: z.ZodType, path: string): Field[] => {
  if (takesString(schema)) return [{ path, schema }];
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return stringFields(def.innerType, path);
  if (def.type === 'pipe' && def.in) return stringFields(def.in, path);
  if (def.type === 'object')
    return Object.entries(def.shape ?? {}).flatMap(([key, field]) =>
      stringFields(field, `${path}.${key}`),
    );
  if (def.type === 'array' && def.element) return stringFields(def.element, `${path}[]`);
  if (def.type === 'union')
    return (def.options ?? []).flatMap((option, index) => stringFields(option, `${path}|${index}`));
  if (def.type === 'intersection' && def.left && def.right)
    return [...stringFields(def.left, path), ...stringFields(def.right, path)];
  return [];
};

const requestFields = (endpoint: Endpoint): Field[] =>
  PARTS.flatMap((part) => {
    const schema = endpoint[part];
    return schema ? stringFields(schema, part) : [];
  });

const lastName = (path: string): string =>
  path
    .split(/[.|[\]]/)
    .filter(Boolean)
    .at(-1) ?? '';

type JsonSchema = {
  type?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};

/** The string leaves of a request schema's JSON Schema, as the OpenAPI document shows them. */
const jsonStringLeaves = (
  schema: JsonSchema,
  path: string,
): { path: string; leaf: JsonSchema }[] => {
  if (schema.type === 'string') return [{ path, leaf: schema }];
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
      jsonStringLeaves(child, `${path}.${key}`),
    ),
    ...(schema.items ? jsonStringLeaves(schema.items, `${path}[]`) : []),
    ...(schema.anyOf ?? []).flatMap((option, index) =>
      jsonStringLeaves(option, `${path}|${index}`),
    ),
  ];
};

/** Whether the document refuses `value` for a leaf: an enum or const, or a pattern it fails. */
const documentRefuses = (leaf: JsonSchema, value: string): boolean => {
  if (leaf.enum !== undefined || leaf.const !== undefined) return !leaf.enum?.includes(value);
  const patterns = [leaf.pattern, ...(leaf.allOf ?? []).map((part) => part.pattern)];
  return patterns.some((pattern) => pattern !== undefined && !new RegExp(pattern, 'u').test(value));
};

describe('the text rule', () => {
  it('refuses control characters, lone surrogates and non-characters, and allows text', () => {
    const pattern = textPattern({ shown: false, multiline: false, notBlank: false });
    for (const refused of ['a\u0000b', 'a\u0085', '\ud800x', 'x\udc00', '\ufdd0', '\u{10ffff}'])
      expect(pattern.test(refused), JSON.stringify(refused)).toBe(false);
    for (const allowed of ['สวัสดี', 'ខ្មែរ', '👨‍👩‍👧 family', '中文', 'a b', ''])
      expect(pattern.test(allowed), allowed).toBe(true);
  });

  it('allows tab and line breaks in multi-line text only', () => {
    expect(text(10).safeParse('a\nb').success).toBe(false);
    expect(text(10, { multiline: true }).safeParse('a\r\n\tb').success).toBe(true);
    expect(text(10, { multiline: true }).safeParse('a\u000bb').success).toBe(false);
  });

  it('refuses every bidirectional control in shown text and none in other text', () => {
    for (const control of ['\u061c', '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069']) {
      expect(shownText(10).safeParse(`a${control}b`).success).toBe(false);
      expect(text(10).safeParse(`a${control}b`).success).toBe(true);
    }
  });

  it('trims and refuses blank text where a minimum is asked, and says so in the pattern', () => {
    const schema = shownText(10, { min: 1, trim: true });
    expect(schema.parse('  hi ')).toBe('hi');
    expect(schema.safeParse(' \u3000 ').success).toBe(false);
    expect(new RegExp(z.toJSONSchema(schema).pattern ?? '', 'u').test('   ')).toBe(false);
  });
});

describe('every request field of the route table', () => {
  const fields = ENDPOINTS.flatMap((endpoint) =>
    requestFields(endpoint).map((field) => ({
      ...field,
      name: `${endpoint.method} ${endpoint.path} ${field.path}`,
    })),
  );

  it('finds the string fields it checks', () => {
    expect(fields.length).toBeGreaterThan(300);
  });

  it('refuses NUL and a lone surrogate in every string field', () => {
    const accepting = fields.flatMap(({ name, schema }) =>
      HOSTILE.filter((value) => schema.safeParse(value).success).map(
        (value) => `${name} accepts ${JSON.stringify(value)}`,
      ),
    );
    expect(accepting).toEqual([]);
  });

  it('refuses a right-to-left override in every field another person is shown', () => {
    const accepting = fields
      .filter(({ path }) => SHOWN_FIELDS.has(lastName(path)))
      .filter(({ schema }) => schema.safeParse(BIDI_OVERRIDE).success)
      .map(({ name }) => name);
    expect(accepting).toEqual([]);
  });

  it('states the refusal in the document: a pattern, an enum or a const on every string', () => {
    const undocumented = ENDPOINTS.flatMap((endpoint: Endpoint) =>
      PARTS.flatMap((part) => {
        const schema = endpoint[part];
        if (!schema) return [];
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
        return jsonStringLeaves(json, part)
          .filter(({ leaf }) => HOSTILE.some((value) => !documentRefuses(leaf, value)))
          .map(({ path }) => `${endpoint.method} ${endpoint.path} ${path}`);
      }),
    );
    expect(undocumented).toEqual([]);
  });
});
