/**
 * Which statements to prepare on a PostgreSQL connection. A statement sent without a name is
 * parsed, analysed and planned on every call; a named one is parsed once per connection and
 * its plan can be kept. The vendor debit's statements are large CTEs, and naming them took
 * PostgreSQL's share of a debit down by a fifth (issue 4's bench).
 *
 * A statement gets a name on its third use, so one-off texts (the seed's row lists, reports
 * built for one filter) never do, and at most `maxNamed` texts ever get one: each costs every
 * connection a prepared statement for as long as it lives.
 */
export type StatementNames = (sql: string) => string | undefined;

export const createStatementNames = (
  options: { nameAfterUses?: number; maxNamed?: number; maxCounted?: number } = {},
): StatementNames => {
  const { nameAfterUses = 3, maxNamed = 1_000, maxCounted = 10_000 } = options;
  const names = new Map<string, string>();
  const uses = new Map<string, number>();
  return (sql) => {
    const named = names.get(sql);
    if (named !== undefined || names.size >= maxNamed) return named;
    const seen = (uses.get(sql) ?? 0) + 1;
    if (seen < nameAfterUses) {
      // Counting stays bounded too: past the limit the counts start over.
      if (uses.size >= maxCounted) uses.clear();
      uses.set(sql, seen);
      return undefined;
    }
    uses.delete(sql);
    const name = `lanna_${names.size + 1}`;
    names.set(sql, name);
    return name;
  };
};
