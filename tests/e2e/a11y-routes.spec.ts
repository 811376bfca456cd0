import { expect, test } from '@playwright/test';
import { signIn } from './support/fixtures';
import { demoRoutes, openRoute } from './support/demo-routes';
import { violations } from './support/axe';

// Issue 9: axe (WCAG 2.1 A/AA) finds nothing on any route of spec §2, /sync and the control screen, with the
// demo tenant's data on screen, in the light and the dark colour scheme.

// In parts: axe on every route is minutes of work on a slow machine, and one part failing names fewer routes.
const PARTS = 3;

for (const colorScheme of ['light', 'dark'] as const) {
  for (let part = 0; part < PARTS; part += 1) {
    test(`every route has no WCAG A/AA violations in the ${colorScheme} scheme (part ${part + 1} of ${PARTS})`, async ({ page }) => {
      test.setTimeout(150_000);
      await page.emulateMedia({ colorScheme });
      const routes = (await demoRoutes(page.request)).filter((_, index) => index % PARTS === part);
      const found: Record<string, string[]> = {};
      for (const route of routes.filter((each) => !each.signedIn)) {
        await openRoute(page, route.path);
        found[route.path] = await violations(page);
      }
      const signedIn = routes.filter((each) => each.signedIn);
      if (signedIn.length > 0) await signIn(page);
      for (const route of signedIn) {
        await openRoute(page, route.path);
        found[route.path] = await violations(page);
      }
      expect(Object.entries(found).filter(([, list]) => list.length > 0)).toEqual([]);
    });
  }
}
