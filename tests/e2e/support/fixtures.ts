import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

// Shared pieces of the e2e suite: the demo admin, isolated tenants, API login and the mail folder.

export const DEMO_ADMIN = { email: 'admin@demo.quiz', password: 'demo-pass-2026' };

/** Where the server under test keeps its data; playwright.config.ts passes the same folder to the server. */
export function dataDir(): string {
  return process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
}

export interface Tenant {
  name: string;
  email: string;
  password: string;
  clientId: number;
}

/** A client of its own with one admin (test hook of the server), so a test can change things freely. */
export async function createTenant(
  request: APIRequestContext,
  options: { poll_enabled?: boolean; social_auth_feature?: boolean } = {},
): Promise<Tenant> {
  const id = randomUUID().slice(0, 8);
  const tenant = { name: `Tenant ${id}`, email: `admin-${id}@tenant.test`, password: `pass-${id}-secret` };
  const response = await request.post('/api/__test__/clients', {
    data: { ...tenant, poll_enabled: false, social_auth_feature: false, ...options },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { client_id: clientId } = (await response.json()) as { client_id: number };
  return { ...tenant, clientId };
}

export async function apiLogin(request: APIRequestContext, credentials: { email: string; password: string }): Promise<string> {
  const response = await request.post('/api/v1/accounts/login/', { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { key: string }).key;
}

/**
 * Signs the page in without the login screen: the token is put where the portal looks for it before
 * the first page loads. Only once per tab, so a logout inside the test is not undone by a reload.
 */
export async function signIn(page: Page, credentials: { email: string; password: string } = DEMO_ADMIN): Promise<string> {
  const key = await apiLogin(page.request, credentials);
  await page.addInitScript((token) => {
    if (sessionStorage.getItem('e2e.signed-in')) return;
    sessionStorage.setItem('e2e.signed-in', '1');
    localStorage.setItem('token', token);
  }, key);
  return key;
}

/** Waits for the password reset mail to `email` and returns the link in it. */
export async function resetLinkFor(email: string): Promise<string> {
  const folder = path.join(dataDir(), 'mail');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(folder).catch(() => [] as string[]);
        for (const file of files) {
          const text = await readFile(path.join(folder, file), 'utf8');
          if (!text.includes(`To: ${email}`)) continue;
          link = /https?:\/\/\S+\/password\/reset\/\S+/.exec(text)?.[0];
          if (link) return true;
        }
        return false;
      },
      { message: `a reset mail to ${email} in ${folder}` },
    )
    .toBe(true);
  return link ?? '';
}

/** True when the page is wider than the window, i.e. it scrolls sideways. */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/**
 * Brushes away the news notices (role "status") as a person would before tapping what they cover: Mantine keeps a
 * notice open while the pointer rests on it, so a click aimed through one would wait for ever.
 */
export async function dismissNotices(page: Page): Promise<void> {
  const dismiss = page.getByRole('status').getByRole('button', { name: 'Dismiss' });
  await expect(async () => {
    if ((await dismiss.count()) > 0) await dismiss.first().click({ timeout: 1_000 });
    expect(await dismiss.count()).toBe(0);
  }).toPass({ timeout: 10_000 });
}
