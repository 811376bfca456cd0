import { expect, test, type Page } from '@playwright/test';
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

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  // Controls (not links inside running text) must be at least 44 px in both directions.
  async function smallControls(page: Page): Promise<string[]> {
    return page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('button, input, [role="menuitem"], nav a'))
        .filter((element) => {
          // A password field's input sits inside its bordered box, and a checkbox or radio inside the body or
          // label that holds its text: those are the parts a finger hits.
          const box = (
            element.closest('.mantine-Input-wrapper, .mantine-Checkbox-body, .mantine-Radio-body, label') ?? element
          ).getBoundingClientRect();
          const hidden = box.width === 0 || box.height === 0 || element.closest('[inert], [aria-hidden="true"]');
          return !hidden && element.tabIndex >= 0 && (box.width < 44 || box.height < 44);
        })
        .map((element) => {
          const box = element.getBoundingClientRect();
          const name = element.getAttribute('aria-label') || element.textContent || element.id;
          return `${element.tagName} ${name} ${Math.round(box.width)}x${Math.round(box.height)}`;
        }),
    );
  }

  test('touch targets are at least 44 px on the sign-in screens and in the shell', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await smallControls(page), '/login').toEqual([]);
    await page.goto('/reset/password/');
    expect(await smallControls(page), '/reset/password/').toEqual([]);

    await signIn(page);
    await page.goto('/add-quiz');
    await expect(page.getByRole('heading', { name: 'Add Quiz' })).toBeVisible();
    expect(await smallControls(page), 'top bar').toEqual([]);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    expect(await smallControls(page), 'navigation drawer').toEqual([]);
  });
});
