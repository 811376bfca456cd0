// Names a participant types are shown to everyone else: on the stage, in the lobby's "just joined" and in the
// top ten. Pure, so the phone and the server clean a name the same way. What cannot be seen, or changes how
// the text around it is laid out, is removed: bidirectional controls (a right-to-left override turns
// "exe.gnp" into "png.exe"), zero-width and other format characters, fillers that render as blanks, and
// control characters. Spaces of every kind become one plain space, and the result is trimmed.

/** Bidi embeddings, overrides, isolates and marks (U+200E/F, U+061C): they re-order the text around them. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Characters that draw nothing: format characters (\p{Cf}: zero-width space and joiners, word joiner, soft
 * hyphen, BOM, tags...), the Hangul and Braille fillers and the Mongolian vowel separator, which many fonts
 * draw as an empty space, private-use characters (no agreed glyph), and control characters.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\u115F\u1160\u180E\u2800\u3164\uFFA0]/gu;

/** A zero-width joiner between two pictographs is part of one emoji (a family, a profession): kept. */
const EMOJI_JOINER = /(\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;
const KEPT_JOINER = '\uE000';
const PRIVATE_USE = /\p{Co}/gu;

/** Variation selectors are kept only after a character they can change (an emoji), never on their own. */
const STRAY_SELECTOR = /(^|[^\p{Extended_Pictographic}\p{Emoji}])[\uFE00-\uFE0F]+/gu;

const SPACES = /[\p{Z}\t\n\r\v\f]+/gu;

/** The name as it will be shown: nothing invisible, no layout tricks, single spaces, trimmed. */
export function cleanDisplayName(name: string): string {
  return name
    .normalize('NFC')
    .replace(PRIVATE_USE, '')
    .replace(EMOJI_JOINER, `$1${KEPT_JOINER}`)
    .replace(BIDI_CONTROLS, '')
    .replace(INVISIBLE, (character) => (/\s/u.test(character) ? ' ' : ''))
    .replaceAll(KEPT_JOINER, '\u200D')
    .replace(STRAY_SELECTOR, '$1')
    .replace(SPACES, ' ')
    .trim()
    .normalize('NFC');
}
