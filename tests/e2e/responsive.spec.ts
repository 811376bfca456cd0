import { expect, test } from '@playwright/test';
import { scrollsSideways, signIn } from './support/fixtures';
import { PRIVATE_ROUTES, PUBLIC_ROUTES } from './support/routes';

// Mobile first: no screen may scroll sideways, from the narrowest phone to a wide desktop.
for (const width of [320, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('no public screen scrolls sideways', async ({ page }) => {
      for (const route of PUBLIC_ROUTES) {
        await page.goto(route.path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await scrollsSideways(page), route.path).toBe(false);
      }
    });

    test('no private screen scrolls sideways, with the help panel open too', async ({ page }) => {
      await signIn(page);
      for (const route of PRIVATE_ROUTES) {
        await page.goto(route.path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await scrollsSideways(page), route.path).toBe(false);
      }
      await page.goto('/add-quiz');
      await page.getByRole('button', { name: 'Help' }).click();
      await expect(page.getByText('Register categories')).toBeVisible();
      expect(await scrollsSideways(page), '/add-quiz with help').toBe(false);
    });
  });
}
