import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

// The strength rule for new passwords: zxcvbn's estimate, with its common-password lists,
// English words and keyboard patterns, must reach score 3 ("safely unguessable: moderate protection from an
// offline attack"). Checked on the server only (reset, change password, create-client), so the portal's
// bundles never carry the dictionaries (about 1 MB).

/** zxcvbn's scores run 0-4; 3 and up is accepted. */
export const MIN_PASSWORD_SCORE = 3;
/**
 * Only this many leading characters are estimated: zxcvbn's matching grows faster than the length, and a
 * password whose first 64 characters are strong is strong. Keeps one check within a bounded time.
 */
const ESTIMATED_LENGTH = 64;

let factory: ZxcvbnFactory | null = null;

/** Built on first use: loading the dictionaries takes a moment that the server's start should not pay. */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
  });
  return factory;
}

/**
 * Why the password is refused, in words for the user, or null when it is strong enough. userInputs are words the
 * password must not lean on (the email, its name part, the client's name).
 */
export function passwordWeakness(password: string, userInputs: readonly string[] = []): string | null {
  const inputs = userInputs
    .flatMap((input) => [input, input.split('@')[0] ?? '', ...input.split(/[@.\s_+-]+/)])
    .filter((input) => input.length >= 3);
  const result = zxcvbn().check(password.slice(0, ESTIMATED_LENGTH), inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const why = result.feedback.warning ?? 'It would be guessed quickly.';
  const advice = result.feedback.suggestions.length ? result.feedback.suggestions.join(' ') : 'Use a few uncommon words together.';
  return `This password is too easy to guess. ${why} ${advice}`;
}
