import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signIn } from './support/fixtures';
import { demoRoutes, openRoute, type DemoRoute } from './support/demo-routes';

// Every route at the spec's breakpoints, with the demo tenant's data: no sideways scrolling, no
// control cut off at the window's edge, and a full-page screenshot of each route and width that has a problem.
// One page per group of routes; each route is opened once and the window resized through the widths.

const WIDTHS = [320, 375, 425, 768, 1024, 1440, 2560];

/** Visible controls and headings that stick out of the window (a table scrolling inside its own box is fine). */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsInside = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'auto' || overflow === 'scroll' || overflow === 'hidden') return true;
      }
      return false;
    };
    return Array.from(
      document.querySelectorAll<HTMLElement>('main button, main a, main input, main select, main textarea, h1, header button, header a'),
    )
      .filter((element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !scrollsInside(element))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > width + 1);
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
      );
  });
}

function slug(path: string): string {
  return path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'root';
}

async function checkWidths(page: Page, testInfo: TestInfo, routes: DemoRoute[]): Promise<void> {
  const problems: string[] = [];
  for (const route of routes) {
    await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: 800 });
    await openRoute(page, route.path);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const found: string[] = [];
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
      if (sideways) found.push(`${route.path} at ${width} px scrolls sideways`);
      for (const control of await cutOff(page)) found.push(`${route.path} at ${width} px cuts off ${control}`);
      // The picture of what is wrong; a full-page screenshot of every route at every width cost minutes of CI.
      if (found.length > 0) await page.screenshot({ path: testInfo.outputPath(`${slug(route.path)}-${width}.png`), fullPage: true });
      problems.push(...found);
    }
  }
  expect(problems).toEqual([]);
}

test('the public routes fit every breakpoint', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const routes = (await demoRoutes(page.request)).filter((route) => !route.signedIn);
  await checkWidths(page, testInfo, routes);
});

for (const [part, of] of [
  [0, 3],
  [1, 3],
  [2, 3],
] as const) {
  test(`the private routes fit every breakpoint (part ${part + 1} of ${of})`, async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    const routes = (await demoRoutes(page.request)).filter((route) => route.signedIn);
    await signIn(page);
    await checkWidths(
      page,
      testInfo,
      routes.filter((_, index) => index % of === part),
    );
  });
}
