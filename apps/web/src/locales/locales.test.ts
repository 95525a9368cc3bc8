/**
 * Every bundle ships the same keys as English (no key falls back silently), every error code
 * has a message, and the bundles that ship are exactly the contract's bundled languages.
 */
import { BUNDLED_LANGUAGES, ERROR_CODES } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES } from '@/lib/api/api-error';
import { bundledLanguageCodes } from '@/lib/language';
import cn from './cn.json';
import en from './en.json';
import km from './km.json';
import th from './th.json';

const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

const leaves = (tree: object, prefix = ''): [string, unknown][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leaves(value as object, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );

const englishKeys = keysOf(en).sort();

describe('locale bundles', () => {
  it.each([
    ['cn', cn],
    ['th', th],
    ['km', km],
  ])('%s has exactly the English key set', (_, bundle) => {
    expect(keysOf(bundle).sort()).toEqual(englishKeys);
  });

  it.each([
    ['en', en],
    ['cn', cn],
    ['th', th],
    ['km', km],
  ])('%s has no empty strings and keeps every interpolation', (_, bundle) => {
    const english = new Map(leaves(en));
    for (const [key, value] of leaves(bundle)) {
      expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
      const placeholders = (text: unknown) =>
        String(text)
          .match(/{{\w+}}/g)
          ?.sort() ?? [];
      expect(placeholders(value), key).toEqual(placeholders(english.get(key)));
    }
  });

  it('translates every server and client error code', () => {
    for (const code of [...ERROR_CODES, ...CLIENT_ERROR_CODES])
      expect(englishKeys).toContain(`errors.${code}`);
  });

  it('ships a bundle for each bundled language and no other', () => {
    expect([...bundledLanguageCodes()].sort()).toEqual([...BUNDLED_LANGUAGES].sort());
  });
});
