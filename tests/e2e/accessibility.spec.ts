import { expect, test } from '@playwright/test';
import { signIn } from './support/fixtures';
import { violations } from './support/axe';

// WCAG A/AA rules (names of controls, contrast, landmarks) on the shell and sign-in screens, in both schemes.

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test('the sign-in screens have no WCAG A/AA violations', async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      expect(await violations(page), '/login').toEqual([]);
      await page.goto('/reset/password/');
      await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
      expect(await violations(page), '/reset/password/').toEqual([]);
    });

    test('the shell with its help panel has no WCAG A/AA violations', async ({ page }) => {
      await signIn(page);
      await page.goto('/add-quiz');
      await page.getByRole('button', { name: 'Help' }).click();
      await expect(page.getByRole('complementary', { name: 'Help' })).toBeVisible();
      expect(await violations(page), '/add-quiz').toEqual([]);
    });
  });
}
