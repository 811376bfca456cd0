import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/fixtures';
import { demoRoutes, openRoute } from './support/demo-routes';

// Issue 9: axe (WCAG 2.1 A/AA) finds nothing on any route of spec §2, /sync and the control screen, with the
// demo tenant's data on screen, in the light and the dark colour scheme.

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every route has no WCAG A/AA violations in the ${colorScheme} scheme`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme });
    const routes = await demoRoutes(page.request);
    const found: Record<string, string[]> = {};
    for (const route of routes.filter((each) => !each.signedIn)) {
      await openRoute(page, route.path);
      found[route.path] = await violations(page);
    }
    await signIn(page);
    for (const route of routes.filter((each) => each.signedIn)) {
      await openRoute(page, route.path);
      found[route.path] = await violations(page);
    }
    expect(Object.entries(found).filter(([, list]) => list.length > 0)).toEqual([]);
  });
}
