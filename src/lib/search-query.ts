/*
 * Search text as the portal uses it (the specification's validation rules, docs/decisions.md "Spec defects fixed"). The server splits `?search=` into terms on
 * whitespace or '+', and every term must match some searched field as a case-insensitive substring;
 * lists filtered on this device over the mirror follow the same rule, so both give the same rows.
 */

/** The terms of a search text; an empty or blank text has none (the full list). */
export function searchTerms(text: string): string[] {
  return text
    .split(/[\s+]+/)
    .map((term) => term.trim().toLowerCase())
    .filter(Boolean);
}

/** The `?search=` value sent to the server: terms joined by '+' (the specification's validation rules), or null to ask for everything. */
export function searchQueryParam(text: string): string | null {
  const terms = text.trim().split(/\s+/).filter(Boolean);
  return terms.length === 0 ? null : terms.join('+');
}

/** Whether a row whose searched fields are `values` matches `text` (every term in some value). */
export function matchesSearch(values: readonly (string | null | undefined)[], text: string): boolean {
  const terms = searchTerms(text);
  if (terms.length === 0) return true;
  const haystacks = values.map((value) => (value ?? '').toLowerCase());
  return terms.every((term) => haystacks.some((haystack) => haystack.includes(term)));
}
