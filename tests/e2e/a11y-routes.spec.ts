import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/fixtures';
import { demoRoutes, openRoute } from './support/demo-routes';
import { violations } from './support/axe';

// Axe (WCAG 2.1 A/AA) finds nothing on any route of the specification's screens, /sync and the control screen, with the
// demo tenant's data on screen, in the light and the dark colour scheme.

// In parts: axe on every route is minutes of work on a slow machine, and one part failing names fewer routes.
const PARTS = 3;

/** The scheme the portal shows: Mantine's "auto" scheme follows the preferred one, without a reload. */
const showsScheme = (page: Page, colorScheme: 'light' | 'dark') =>
  expect(page.locator(`html[data-mantine-color-scheme="${colorScheme}"]`)).toHaveCount(1);

/**
 * Ends the CSS transitions the scheme's change started (a dropzone's background fades): axe measured a colour halfway
 * between the schemes' in one run. They are finished rather than awaited: a transition inside a card that
 * `content-visibility: auto` skips (a list's cards below the fold) never advances, so its `finished` never settles.
 */
const colourTransitionsEnded = (page: Page) =>
  page.evaluate(() => {
    for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
  });

/**
 * Each route is opened once and checked in both schemes: every rule in the light one, then in the dark one only the
 * rules that colours decide (the rest would give the same answer twice).
 */
async function violationsInBothSchemes(page: Page, path: string): Promise<Record<string, string[]>> {
  await page.emulateMedia({ colorScheme: 'light' });
  await openRoute(page, path);
  await showsScheme(page, 'light');
  const light = await violations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await showsScheme(page, 'dark');
  await colourTransitionsEnded(page);
  const dark = await violations(page, { coloursOnly: true });
  return { [`${path} (light)`]: light, [`${path} (dark)`]: dark };
}

for (let part = 0; part < PARTS; part += 1) {
  test(`every route has no WCAG A/AA violations in the light and the dark scheme (part ${part + 1} of ${PARTS})`, async ({ page }) => {
    test.setTimeout(240_000);
    const routes = (await demoRoutes(page.request)).filter((_, index) => index % PARTS === part);
    const found: Record<string, string[]> = {};
    for (const route of routes.filter((each) => !each.signedIn)) Object.assign(found, await violationsInBothSchemes(page, route.path));
    const signedIn = routes.filter((each) => each.signedIn);
    if (signedIn.length > 0) await signIn(page);
    for (const route of signedIn) Object.assign(found, await violationsInBothSchemes(page, route.path));
    expect(Object.entries(found).filter(([, list]) => list.length > 0)).toEqual([]);
  });
}
