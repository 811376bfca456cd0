import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';
import { createTenant, resetLinkFor } from './support/fixtures';

// Nobody elsewhere can lock an account out. The e2e server trusts no proxy (playwright.config.ts sets
// no TRUST_PROXY), so X-Forwarded-For would change nothing; "other addresses" are real ones instead: each failed
// login is sent from its own loopback source address (127.0.0.2, 127.0.0.3...), which Linux routes like
// 127.0.0.1, and the server sees as a different client. The browser, the owner, connects from 127.0.0.1.

function postFrom(localAddress: string, url: string, body: object): Promise<number> {
  const target = new URL(url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

/** Linux routes all of 127.0.0.0/8 to the loopback; macOS has only 127.0.0.1 unless aliases are added. */
function canBind(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(0, address, () => probe.close(() => resolve(true)));
  });
}

test('10 failed logins from other addresses, then the owner signs in', async ({ page, baseURL }) => {
  test.skip(!(await canBind('127.0.0.20')), 'this machine has no loopback addresses besides 127.0.0.1 (macOS: add aliases to lo0)');
  const tenant = await createTenant(page.request);
  const loginUrl = new URL('/api/v1/accounts/login/', baseURL).toString();
  const answers: number[] = [];
  for (let i = 0; i < 10; i += 1)
    answers.push(await postFrom(`127.0.0.${i + 2}`, loginUrl, { email: tenant.email, password: `guess-${i}` }));
  expect(answers).toEqual(Array(10).fill(400));
  // One attacking address keeps guessing: it is slowed down (429) after its own tries...
  const flood: number[] = [];
  for (let i = 0; i < 12; i += 1) flood.push(await postFrom('127.0.0.20', loginUrl, { email: tenant.email, password: `flood-${i}` }));
  expect(flood.slice(0, 10)).toEqual(Array(10).fill(400));
  expect(flood.slice(10)).toEqual([429, 429]);

  // ...and the owner, from their own address, signs in through the login screen.
  await page.goto('/login');
  await page.getByLabel('Email').fill(tenant.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(tenant.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a weak new password is refused on the reset screen, saying why under the field', async ({ page }) => {
  const tenant = await createTenant(page.request);
  await page.goto('/reset/password/');
  await page.getByLabel('Email').fill(tenant.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email has been sent Successfully')).toBeVisible();
  await page.goto(await resetLinkFor(tenant.email));

  await page.getByLabel('New Password').fill('password2026');
  await page.getByLabel('Confirm Password').fill('password2026');
  await page.getByRole('button', { name: 'Save' }).click();
  const newPassword = page.getByLabel('New Password');
  await expect(newPassword).toHaveAccessibleDescription(
    /^This password is too easy to guess\. This is similar to a commonly used password\./,
  );
  await expect(page).toHaveURL(/\/password\/reset\//);

  await newPassword.fill('violet-lantern-orbit');
  await page.getByLabel('Confirm Password').fill('violet-lantern-orbit');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});
