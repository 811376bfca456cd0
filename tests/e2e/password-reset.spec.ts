import { expect, test } from '@playwright/test';
import { createTenant, resetLinkFor } from './support/fixtures';

test('a password is reset through the mailed link and the new one signs in', async ({ page }) => {
  // An isolated tenant: the demo admin's password never changes.
  const tenant = await createTenant(page.request);
  const resetCalls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') resetCalls.push(new URL(request.url()).pathname);
  });

  await page.goto('/reset/password/');
  await expect(page).toHaveTitle('Reset Password · Quiz Portal');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please enter your email')).toBeVisible();
  expect(resetCalls).toEqual([]);

  await page.getByLabel('Email').fill(tenant.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email has been sent Successfully')).toBeVisible();
  expect(resetCalls).toEqual(['/api/rest-auth/password/reset/']);

  const link = await resetLinkFor(tenant.email);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'New Password' })).toBeVisible();

  await page.getByLabel('New Password').fill('fresh-password-2026');
  await page.getByLabel('Confirm Password').fill('fresh-password-2025');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password does not Match');
  expect(resetCalls).toEqual(['/api/rest-auth/password/reset/']);

  await page.getByLabel('Confirm Password').fill('fresh-password-2026');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

  await page.getByLabel('Email').fill(tenant.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('fresh-password-2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a used or unknown reset link shows the server error in the alert', async ({ page }) => {
  await page.goto('/password/reset/not-a-real-token');
  await page.getByLabel('New Password').fill('fresh-password-2026');
  await page.getByLabel('Confirm Password').fill('fresh-password-2026');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid or expired token.');
  await expect(page).toHaveURL(/\/password\/reset\/not-a-real-token$/);
});
