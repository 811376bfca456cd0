import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';

// DRF SearchFilter: `?search=` is split into terms on whitespace or '+' (the portal sends spaces as '+');
// every term must match at least one searched field, case-insensitively, as a substring.

export function searchTerms(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return text
    .replace(/\0/g, '')
    .split(/[\s+]+/)
    .map((term) => term.trim())
    .filter(Boolean);
}

/** Escapes LIKE wildcards so a term matches literally (the query declares '\' as the escape character). */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A searched field: a qualified column reference such as 'questions.description', or an SQL expression. */
export type SearchField = string | RawBuilder<unknown>;

/** Builds the search condition over `fields`. */
export function searchCondition(text: unknown, fields: readonly SearchField[]) {
  const terms = searchTerms(text);
  if (terms.length === 0 || fields.length === 0) return null;
  const clauses = terms.map((term) => {
    const pattern = likePattern(term);
    const perField = fields.map(
      (field) => sql`lower(cast(${typeof field === 'string' ? sql.ref(field) : field} as text)) like ${pattern} escape '\\'`,
    );
    return sql`(${sql.join(perField, sql` or `)})`;
  });
  return sql<SqlBool>`(${sql.join(clauses, sql` and `)})`;
}

/** `query.$call(withSearch(search, ['categories.name']))`: filters by the `?search=` text when given. */
export function withSearch(text: string | undefined, fields: readonly SearchField[]) {
  return <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> => {
    const condition = searchCondition(text, fields);
    return condition ? query.where(condition) : query;
  };
}
