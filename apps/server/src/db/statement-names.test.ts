// Proves which statements get a prepared-statement name: a text on its third use, the same
// name ever after, and never more names than the limit.
import { describe, expect, it } from 'vitest';
import { createStatementNames } from './statement-names.ts';

describe('createStatementNames', () => {
  it('names a statement on its third use and keeps that name', () => {
    const nameOf = createStatementNames();
    expect([nameOf('SELECT 1'), nameOf('SELECT 1')]).toEqual([undefined, undefined]);
    const name = nameOf('SELECT 1');
    expect(name).toMatch(/^lanna_\d+$/);
    expect(nameOf('SELECT 1')).toBe(name);
    expect(nameOf('SELECT 2')).toBeUndefined();
  });

  it('gives each text its own name and stops naming at the limit', () => {
    const nameOf = createStatementNames({ nameAfterUses: 1, maxNamed: 2 });
    const first = nameOf('SELECT 1');
    const second = nameOf('SELECT 2');
    expect(first).not.toBe(second);
    expect(nameOf('SELECT 3')).toBeUndefined();
    expect(nameOf('SELECT 1')).toBe(first);
  });
});
