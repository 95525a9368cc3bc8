import { expect } from 'vitest';
import type { Db, SqlParam } from '../db/client.ts';

/** One node of PostgreSQL's EXPLAIN (ANALYZE, FORMAT JSON), as far as the plan tests read it. */
export type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Rows Removed by Filter'?: number;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
};

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** A parameter as SQL text, for EXECUTE, which takes no parameters of its own. */
const literalOf = (value: SqlParam): string => {
  if (value === null) return 'NULL';
  const text = Array.isArray(value)
    ? `{${value.map((item) => `"${String(item).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`
    : value instanceof Date
      ? value.toISOString()
      : String(value);
  return `'${text.replaceAll("'", "''")}'`;
};

let prepared = 0;

/**
 * The plans of the statements `read` sends through `db` (its `query` and `one`), each run under
 * EXPLAIN ANALYZE as planned for its values, and as the generic plan a prepared statement may
 * settle on after a few uses (PREPARE, then EXECUTE under force_generic_plan: an EXPLAIN with
 * parameters would plan for their values again): a list of every node of each plan.
 */
export const plansOf = async (
  db: Db,
  read: (db: Db) => Promise<unknown>,
): Promise<PlanNode[][]> => {
  const sent: { sql: string; params: readonly SqlParam[] }[] = [];
  const record = (sql: string, params: readonly SqlParam[] = []) => {
    sent.push({ sql, params });
    return { sql, params };
  };
  const recording: Db = Object.create(db, {
    query: {
      value: (sql: string, params?: readonly SqlParam[]) =>
        db.query(sql, record(sql, params).params),
    },
    one: {
      value: (sql: string, params?: readonly SqlParam[]) => db.one(sql, record(sql, params).params),
    },
  }) as Db;
  await read(recording);
  type Explained = { 'QUERY PLAN': [{ Plan: PlanNode }] };
  const plans: PlanNode[][] = [];
  for (const { sql, params } of sent) {
    const [custom] = await db.query<Explained>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
    const name = `plan_test_${(prepared += 1)}`;
    const [generic] = await db.transaction(async (tx) => {
      await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await tx.query(`PREPARE ${name} AS ${sql}`);
      const explained = await tx.query<Explained>(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE ${name}(${params.map(literalOf).join(', ')})`,
      );
      await tx.query(`DEALLOCATE ${name}`);
      return explained;
    });
    for (const row of [custom, generic]) if (row) plans.push(nodesOf(row['QUERY PLAN'][0].Plan));
  }
  return plans;
};

/** Rows a plan read through the indexes whose names start with `prefix`, over every loop. */
export const indexRowsRead = (plan: PlanNode[], prefix: string): number =>
  plan
    .filter((node) => node['Index Name']?.startsWith(prefix) ?? false)
    .reduce((sum, node) => sum + node['Actual Rows'] * node['Actual Loops'], 0);

/** A plan's node types and index names, for an assertion's message. */
export const planShape = (plan: PlanNode[]): string =>
  JSON.stringify(plan.map((node) => [node['Node Type'], node['Index Name']]));

/**
 * Asserts each plan reads through `index`, with no sequential scan, and at most `most` rows from
 * the indexes whose names start with `prefix` (decision 016). A sort is refused, or allowed to
 * hold at most `sorted` rows where a list merges ranges cut to the page.
 */
export const expectIndexReads = (
  name: string,
  plans: PlanNode[][],
  read: { index: string; prefix: string; most: number; sorted?: number },
): void => {
  for (const plan of plans) {
    const shape = `${name} ${planShape(plan)}`;
    expect(
      plan.map((node) => node['Index Name']),
      shape,
    ).toContain(read.index);
    expect(
      plan.map((node) => node['Node Type']),
      shape,
    ).not.toContain('Seq Scan');
    for (const sort of plan.filter((node) => node['Node Type'] === 'Sort')) {
      expect(read.sorted, `${shape}: a sort`).toBeDefined();
      expect(sort['Actual Rows'], shape).toBeLessThanOrEqual(read.sorted ?? 0);
    }
    expect(indexRowsRead(plan, read.prefix), shape).toBeLessThanOrEqual(read.most);
  }
};
