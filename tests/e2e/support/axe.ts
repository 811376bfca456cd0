import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The rules whose outcome depends on the colours shown. A second colour scheme changes only these, so checking a
 * page again in the other scheme runs just them (the structure rules would give the same answer twice).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * WCAG 2.1 A/AA violations on the page as axe finds them, one line per rule with the elements it names;
 * `coloursOnly` limits the check to the rules that colours decide.
 */
export async function violations(page: Page, options: { coloursOnly?: boolean } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (options.coloursOnly) builder.withRules(COLOUR_RULES);
  else builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const result = await builder.analyze();
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
