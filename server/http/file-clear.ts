// How a write asks to remove a stored file (the convention of questions.ts, spec §7 PATCH): a file field
// never carries a URL back, so removal is said with `<field>_clear=true` (multipart text or JSON), or
// with the field itself sent empty or as a JSON null. Anything else (a URL string, nothing) keeps it.

const TRUE_VALUES = ['true', '1', 'on'];

function isTrue(value: unknown): boolean {
  if (value === true) return true;
  const text = Array.isArray(value) ? value.at(-1) : value;
  return typeof text === 'string' && TRUE_VALUES.includes(text.toLowerCase());
}

/**
 * Whether the write asks to remove `field`'s file. `fields` are the write's text fields (readForm's, or
 * a raw JSON body); `jsonBody` is the JSON body when there is one, since readForm drops JSON nulls.
 */
export function asksToClear(fields: Record<string, unknown>, field: string, jsonBody?: unknown): boolean {
  if (isTrue(fields[`${field}_clear`])) return true;
  if (fields[field] === '' || fields[field] === null) return true;
  return (
    typeof jsonBody === 'object' && jsonBody !== null && !Array.isArray(jsonBody) && (jsonBody as Record<string, unknown>)[field] === null
  );
}
