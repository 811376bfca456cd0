import { expect, test, type Page } from '@playwright/test';
import { createTenant, DEMO_ADMIN, signIn } from './support/fixtures';

const LOGIN_CALL = '/api/v1/accounts/login/';

async function fillLogin(page: Page, credentials: { email: string; password: string }) {
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(credentials.password);
}

test('logging in lands on the dashboard and keeps the token', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Login · Quiz Portal');
  await fillLogin(page, DEMO_ADMIN);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard · Quiz Portal');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
});

test('wrong credentials show a dismissible alert and clear the password', async ({ page }) => {
  const tenant = await createTenant(page.request);
  await page.goto('/login');
  await fillLogin(page, { email: tenant.email, password: 'not-the-password' });
  await page.getByRole('button', { name: 'Login' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Email or Password are incorrect');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue(tenant.email);
  await expect(page).toHaveURL(/\/login$/);

  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('empty fields send no request', async ({ page }) => {
  const loginCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(LOGIN_CALL)) loginCalls.push(request.url());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Email').fill('');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  expect(loginCalls).toEqual([]);
});

test('Forgot Password leads to the reset request screen', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/reset\/password\/$/);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
});

test('a deep link while logged out goes to login, then back to it after login', async ({ page }) => {
  const tenant = await createTenant(page.request);
  await page.goto('/list-questions?search=capital');
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, tenant);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/list-questions\?search=capital$/);
  await expect(page.getByRole('heading', { name: 'List Questions' })).toBeVisible();
});

test('logout returns to /login, forgets the token and ends it on the server', async ({ page }) => {
  const token = await signIn(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect
    .poll(async () => (await page.request.get('/api/v1/accounts/user/', { headers: { Authorization: `Token ${token}` } })).status())
    .toBe(401);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the account menu shows the first letter of the username in upper case', async ({ page }) => {
  const token = await signIn(page);
  await page.goto('/dashboard');
  const user = (await (await page.request.get('/api/v1/accounts/user/', { headers: { Authorization: `Token ${token}` } })).json()) as {
    username?: string;
  };
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText((user.username ?? '?').charAt(0).toUpperCase());
});
