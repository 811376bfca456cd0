// A question's four options travel and are stored as one text, 'A: text, B: text, C: text, D: text'
// (the Question fields). This codec is the one place that joins and splits it, for the server and the portal.
//
// Splitting is done only at ', X:' where X is a letter that may come next (the next one, or a later one
// when a letter is missing), so commas inside an option's text survive: 'A: red, green, B: blue' has two
// options. Spacing around the comma and colon may vary ('A:x ,B :y').

export const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;
export type OptionLetter = (typeof OPTION_LETTERS)[number];

export interface OptionEntry {
  letter: OptionLetter;
  text: string;
}

/** The list view's shape (the specification's fields): keys a, b, c, d mapped to text; a missing option is ''. */
export type OptionMap = Record<Lowercase<OptionLetter>, string>;

export function isOptionLetter(value: string): value is OptionLetter {
  return (OPTION_LETTERS as readonly string[]).includes(value);
}

/**
 * Joins options into the stored text. A list of texts gets letters A, B, C, D from its first item
 * (the specification's constants); a map or entries keep their letters, in letter order. Texts are trimmed; empty ones are left out.
 */
export function encodeOptions(options: readonly string[] | readonly OptionEntry[] | Partial<Record<OptionLetter, string>>): string {
  let entries: OptionEntry[];
  if (Array.isArray(options)) {
    entries = (options as readonly (string | OptionEntry)[]).flatMap((item, index): OptionEntry[] => {
      if (typeof item !== 'string') return [item];
      const letter = OPTION_LETTERS[index];
      return letter ? [{ letter, text: item }] : [];
    });
  } else {
    const map = options as Partial<Record<OptionLetter, string>>;
    entries = OPTION_LETTERS.flatMap((letter) => (map[letter] === undefined ? [] : [{ letter, text: map[letter] }]));
  }
  return entries
    .map((entry) => ({ letter: entry.letter, text: entry.text.trim() }))
    .filter((entry) => entry.text !== '')
    .sort((a, b) => OPTION_LETTERS.indexOf(a.letter) - OPTION_LETTERS.indexOf(b.letter))
    .map((entry) => `${entry.letter}: ${entry.text}`)
    .join(', ');
}

const LEADING_PREFIX = /^\s*([A-D])\s*:/;

/**
 * The ', X:' separator before each letter, made once: the server decodes every row of a list page, and
 * building these per call was most of that work (questions list profile).
 */
const SEPARATORS = OPTION_LETTERS.map((letter) => ({ letter, pattern: new RegExp(`\\s*,\\s*${letter}\\s*:`) }));

/** The first ', X:' for a letter after `after`, preferring the next letter in order over later ones. */
function nextSeparator(text: string, from: number, after: OptionLetter): { index: number; length: number; letter: OptionLetter } | null {
  const rest = text.slice(from);
  for (const { letter, pattern } of SEPARATORS.slice(OPTION_LETTERS.indexOf(after) + 1)) {
    const match = pattern.exec(rest);
    if (match) return { index: from + match.index, length: match[0].length, letter };
  }
  return null;
}

/**
 * Splits the stored text into its options, in order. Text before any letter prefix counts as option A
 * (an option typed without its prefix); an empty text gives an empty list.
 */
export function decodeOptions(text: string | null | undefined): OptionEntry[] {
  if (!text || text.trim() === '') return [];
  const entries: OptionEntry[] = [];
  const leading = LEADING_PREFIX.exec(text);
  let letter: OptionLetter = leading && isOptionLetter(leading[1] ?? '') ? (leading[1] as OptionLetter) : 'A';
  let start = leading ? leading[0].length : 0;
  for (;;) {
    const separator = nextSeparator(text, start, letter);
    const end = separator ? separator.index : text.length;
    entries.push({ letter, text: text.slice(start, end).trim() });
    if (!separator) return entries;
    letter = separator.letter;
    start = separator.index + separator.length;
  }
}

/** The detail view's list (the specification's "options parsed into a list"): 'A: text' strings in order. */
export function optionsList(text: string | null | undefined): string[] {
  return decodeOptions(text).map((entry) => `${entry.letter}: ${entry.text}`);
}

/** The list view's keys a, b, c, d mapped to text (the specification's fields). */
export function optionMap(text: string | null | undefined): OptionMap {
  const map: OptionMap = { a: '', b: '', c: '', d: '' };
  for (const entry of decodeOptions(text)) {
    const key = entry.letter.toLowerCase() as Lowercase<OptionLetter>;
    // A letter given twice keeps its first text, as a reader of the text would.
    if (map[key] === '') map[key] = entry.text;
  }
  return map;
}

/**
 * A question's options by letter, as the portal holds it: the options text (or, in a write's answer, the list of
 * "A: text" strings) wins over option_map, which a local edit leaves stale.
 */
export function optionsOfQuestion(question: { options?: string | readonly string[] | null; option_map?: OptionMap | null }): OptionMap {
  if (typeof question.options === 'string') return optionMap(question.options);
  if (Array.isArray(question.options)) {
    const map: OptionMap = { a: '', b: '', c: '', d: '' };
    for (const item of question.options) {
      const [entry] = decodeOptions(item);
      if (entry) map[entry.letter.toLowerCase() as Lowercase<OptionLetter>] = entry.text;
    }
    return map;
  }
  return question.option_map ?? { a: '', b: '', c: '', d: '' };
}
