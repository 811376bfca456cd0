import { expect, test } from '@playwright/test';
import { apiLogin, createTenant, signIn } from './support/fixtures';
import { workerControls } from './support/offline';

// Setting of the specification's screens: every field, the viewer app URL checked as a URL, Save then reload, images with
// previews, "There was an error!" with the server's field errors, and online only.

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('saves every field, then the page reloads showing what the server kept', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant);
  await page.goto('/setting');
  const form = page.getByRole('form', { name: 'Setting' });
  await expect(form.getByLabel('Business name')).toBeVisible();
  await expect(form.getByText('Best at 750x500 pixels.')).toBeVisible();

  await form.getByLabel('Business name').fill('Quiz Palace');
  await form.getByLabel('Description').fill('Friday quizzes.');
  await form.getByLabel('Recent participant time (seconds)').fill('120');
  await form.getByLabel('Viewer app URL').fill('not a url');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a valid URL starting with http:// or https://.')).toBeVisible();
  await form.getByLabel('Viewer app URL').fill('https://viewer.example.com');
  await form.getByLabel('Background image', { exact: true }).setInputFiles({ name: 'background.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: 'Background image preview' })).toBeVisible();

  const reloaded = page.waitForEvent('load');
  await form.getByRole('button', { name: 'Save' }).click();
  await reloaded;
  await expect(form.getByLabel('Business name')).toHaveValue('Quiz Palace');
  await expect(form.getByLabel('Description')).toHaveValue('Friday quizzes.');
  await expect(form.getByLabel('Recent participant time (seconds)')).toHaveValue('120');
  await expect(form.getByLabel('Viewer app URL')).toHaveValue('https://viewer.example.com');
  await expect(form.getByRole('img', { name: 'Background image preview' })).toHaveAttribute('src', /\/media\//);

  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  const [profile] = ((await (await request.get('/api/v1/profiles/client/', { headers })).json()) as { results: Record<string, unknown>[] })
    .results;
  expect(profile).toMatchObject({
    business_name: 'Quiz Palace',
    description: 'Friday quizzes.',
    recent_participant_time: 120,
    viewer_app_url: 'https://viewer.example.com',
  });
  expect(profile?.background_image_url).toEqual(expect.stringContaining('/media/'));
});

test('a removed image is removed on the server: gone after Save reloads the page, the others kept', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant);
  await page.goto('/setting');
  const form = page.getByRole('form', { name: 'Setting' });
  await form.getByLabel('Business logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await form.getByLabel('Mascot image', { exact: true }).setInputFiles({ name: 'mascot.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: 'Mascot image preview' })).toBeVisible();
  let reloaded = page.waitForEvent('load');
  await form.getByRole('button', { name: 'Save' }).click();
  await reloaded;
  await expect(form.getByRole('img', { name: 'Mascot image preview' })).toHaveAttribute('src', /\/media\//);

  await form.getByRole('button', { name: 'Remove mascot image' }).click();
  await expect(form.getByRole('img', { name: 'Mascot image preview' })).toHaveCount(0);
  reloaded = page.waitForEvent('load');
  await form.getByRole('button', { name: 'Save' }).click();
  await reloaded;
  await expect(form.getByRole('img', { name: 'Business logo preview' })).toHaveAttribute('src', /\/media\//);
  await expect(form.getByRole('img', { name: 'Mascot image preview' })).toHaveCount(0);
  await page.reload();
  await expect(form.getByRole('img', { name: 'Business logo preview' })).toBeVisible();
  await expect(form.getByRole('img', { name: 'Mascot image preview' })).toHaveCount(0);

  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  const [profile] = ((await (await request.get('/api/v1/profiles/client/', { headers })).json()) as { results: Record<string, unknown>[] })
    .results;
  expect(profile).toMatchObject({ mascot_logo: null, mascot_logo_url: null });
  expect(profile?.business_logo_url).toEqual(expect.stringContaining('/media/'));
});

test('a refused save says "There was an error!" and puts the server’s messages under their fields', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await page.route(/\/api\/v1\/profiles\/client\/\d+\/$/, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ business_name: ['This name is not allowed.'] }),
        })
      : route.fallback(),
  );
  await signIn(page, tenant);
  await page.goto('/setting');
  const form = page.getByRole('form', { name: 'Setting' });
  await form.getByLabel('Business name').fill('Nope');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There was an error!' })).toBeVisible();
  await expect(form.getByText('This name is not allowed.')).toBeVisible();
  await expect(form.getByLabel('Business name')).toHaveValue('Nope');
});

test('offline the settings last read are shown but cannot be saved, and the screen says why', async ({ page, context, request }) => {
  const tenant = await createTenant(request);
  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  expect(
    (await request.patch(`/api/v1/profiles/client/${tenant.clientId}/`, { headers, multipart: { business_name: 'Kept Co' } })).status(),
  ).toBe(200);
  await signIn(page, tenant);
  await page.goto('/setting');
  const form = page.getByRole('form', { name: 'Setting' });
  await expect(form.getByLabel('Business name')).toHaveValue('Kept Co');
  await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
  // The service worker must control the page before going offline, or the reload below has nothing to load.
  await workerControls(page);
  await context.setOffline(true);
  await expect(page.getByText('Settings are read and saved on the server only: connect to change them.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.reload();
  await expect(page.getByText('Settings are read and saved on the server only: connect to change them.')).toBeVisible();
  await expect(form.getByLabel('Business name')).toHaveValue('Kept Co');
  await expect(form.getByLabel('Business name')).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
});
