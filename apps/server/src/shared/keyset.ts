/**
 * Keyset pages (decision 016): a list in order of a row's time, then its id, read by the cursor
 * of the page beside it or, without one, by position within the counted rows.
 */

import { MAX_COUNTED_ROWS, pageCountOf } from '@lanna/contract';

/** A row's place in a list: its time in microseconds since 1970 and its id, as text. */
export type PageKey = { atMicros: string; id: string };

/**
 * Where a page starts: the rows after a key in the list's order (the next page), the rows
 * before it (the previous page, read the other way), or a position from the first row.
 */
export type PageStart = { after: PageKey } | { before: PageKey } | { offset: number };

/** The start a query names: its cursor (the contract's `PageCursorSchema`) or its page number. */
const pageStartOf = (query: {
  cursor?: string | undefined;
  pageNo: number;
  pageSize: number;
}): PageStart => {
  if (query.cursor === undefined) return { offset: (query.pageNo - 1) * query.pageSize };
  const [side, atMicros = '', id = ''] = query.cursor.split('.');
  return side === 'a' ? { after: { atMicros, id } } : { before: { atMicros, id } };
};

const cursorOf = (side: 'a' | 'b', key: PageKey | undefined): string | null =>
  key ? `${side}.${key.atMicros}.${key.id}` : null;

/**
 * A page from rows read one longer than the page: the extra row says the list goes on past it.
 * Read before a key, the rows come the other way and the extra row is an earlier one.
 */
const keysetPageOf = <Row>(
  rows: readonly Row[],
  start: PageStart,
  pageSize: number,
  keyOf: (row: Row) => PageKey,
): { list: Row[]; nextCursor: string | null; prevCursor: string | null } => {
  const more = rows.length > pageSize;
  const key = (row: Row | undefined) => (row === undefined ? undefined : keyOf(row));
  if ('before' in start) {
    const list = rows.slice(0, pageSize).reverse();
    return {
      list,
      prevCursor: more ? cursorOf('b', key(list[0])) : null,
      nextCursor: cursorOf('a', key(list.at(-1))),
    };
  }
  const list = rows.slice(0, pageSize);
  const hasPrevious = 'after' in start || start.offset > 0;
  return {
    list,
    prevCursor: hasPrevious ? cursorOf('b', key(list[0])) : null,
    nextCursor: more ? cursorOf('a', key(list.at(-1))) : null,
  };
};

const timeOfMicros = (param: string): string =>
  `(timestamptz 'epoch' + ${param}::bigint * interval '1 microsecond')`;

/** The SQL of a key's time in microseconds since 1970, exact in both engines. */
export const microsOf = (column: string): string =>
  `(extract(epoch FROM ${column}) * 1000000)::bigint::text`;

/**
 * How a start reads a list ordered by `time` then `id` (newest first, or oldest first for a
 * queue): the condition that places the page after or before its key (null without one, its
 * values added by `param`), the direction to read in, and the position to skip to.
 */
export const keysetReadOf = (
  start: PageStart,
  columns: { time: string; id: string },
  param: (value: string) => string,
  first: 'newest' | 'oldest' = 'newest',
): { condition: string | null; order: 'ASC' | 'DESC'; offset: number } => {
  // The previous page is read against the list's order, then turned (keysetPageOf).
  const ascending = 'before' in start !== (first === 'oldest');
  const key = 'after' in start ? start.after : 'before' in start ? start.before : null;
  const condition = key
    ? `(${columns.time}, ${columns.id}) ${ascending ? '>' : '<'} ` +
      `(${timeOfMicros(param(key.atMicros))}, ${param(key.id)}::bigint)`
    : null;
  return {
    condition,
    order: ascending ? 'ASC' : 'DESC',
    offset: 'offset' in start ? Math.trunc(start.offset) : 0,
  };
};

/**
 * The page value of a list paged by keyset (decision 016): its rows read one longer than the
 * page, by the cursor of the page beside it or, without one, by its number within the counted
 * rows; the selection counted up to `MAX_COUNTED_ROWS`; the page fields every list answers. A
 * page past the last is empty, not an error.
 */
export const readKeysetPage = async <Row, Item>(
  query: { pageNo: number; pageSize: number; cursor?: string | undefined },
  read: {
    rows: (start: PageStart, limit: number) => Promise<readonly Row[]>;
    count: (limit: number) => Promise<number>;
    keyOf: (row: Row) => PageKey;
  },
  toList: (rows: Row[]) => Item[] | Promise<Item[]>,
) => {
  const start = pageStartOf(query);
  // One after the other: a Db outside a transaction may still be a single PGlite connection.
  const rows = await read.rows(start, query.pageSize + 1);
  const counted = await read.count(MAX_COUNTED_ROWS + 1);
  const page = keysetPageOf(rows, start, query.pageSize, read.keyOf);
  return {
    list: await toList(page.list),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    ...pageCountOf(counted, query.pageSize),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
};
