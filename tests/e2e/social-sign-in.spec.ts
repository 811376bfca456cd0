import { expect, test, type APIRequestContext } from '@playwright/test';
import { startOidcProvider, type TestOidcProvider } from '../../server/test/oidc-provider';
import { violations } from './support/axe';
import { apiLogin, createTenant, dismissNotices, scrollsSideways, signIn } from './support/fixtures';

// Social sign-in end to end: a real OpenID provider (oidc-provider 9) runs on 127.0.0.1 with this
// portal registered at it; the admin enters it in the Setting screen's "Social sign-in" section; a player on a
// 375 px phone opens a SOCIAL_BASED quiz, enters the join code, taps the provider's button, signs in on the
// provider's own pages (its development login takes any login and password), consents, and comes back to the
// lobby joined, under the name the provider gave (given name "Ida"; email <login>@idp.test).

const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };

/** The provider of the running test, closed after it whatever its outcome. */
let provider: TestOidcProvider | undefined;
test.afterEach(async () => {
  await provider?.close();
  provider = undefined;
});

async function created<T>(request: APIRequestContext, headers: Record<string, string>, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

test('the admin sets the provider in Setting, and a phone joins a SOCIAL_BASED quiz by signing in there', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const idp = await startOidcProvider({
    redirectUris: [`${baseURL}/api/v1/play/oidc/callback`],
    clientId: 'e2e-portal',
    clientSecret: 'e2e-provider-secret',
  });
  provider = idp;
  const tenant = await createTenant(request, { social_auth_feature: true });
  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  // The lobby lists who joined in the last recent_participant_time seconds: that is where the name shows.
  const settings = await request.patch(`/api/v1/profiles/client/${tenant.clientId}/`, {
    headers,
    multipart: { recent_participant_time: '600' },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const category = await created<{ id: number }>(request, headers, '/api/v1/category/', { name: 'General' });
  const question = await created<{ id: number }>(request, headers, '/api/v1/questions/', {
    description: 'Capital of France?',
    category: category.id,
    options: 'A: Paris, B: Rome, C: Madrid, D: Berlin',
    correct_option: 'A',
  });
  const quiz = await created<{ id: number; quiz_hash: string }>(request, headers, '/api/v1/quiz/', {
    name: 'Social Quiz',
    mode: 'MANUAL',
    status: 'ANNOUNCED',
    auth_used: 'SOCIAL_BASED',
    questions: [question.id],
    qs_timer: 30,
    before_qs_timer: 3,
    join_code: '77',
    max_attempt_count: 1,
    start_date_time: '2020-01-01T10:00:00Z',
    end_date_time: '2099-01-01T11:00:00Z',
  });

  // The admin: the section of the Setting screen, a refused issuer under its field, then the provider saved.
  await signIn(page, tenant);
  await page.goto('/setting');
  const form = page.getByRole('form', { name: 'Social sign-in' });
  await form.getByLabel('Issuer URL').fill('http://idp.example.com');
  await form.getByLabel('Client ID').fill('e2e-portal');
  await form.getByLabel('Client secret').fill('e2e-provider-secret');
  await form.getByLabel('Button label').fill('IdP');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter an https:// URL (http:// only for localhost or 127.0.0.1)', { exact: false })).toBeVisible();
  await form.getByLabel('Issuer URL').fill(idp.issuer);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Social sign-in saved' })).toBeVisible();
  await dismissNotices(page);
  // The secret is not shown again: its field is empty and says one is kept.
  await expect(form.getByLabel('Client secret')).toHaveValue('');
  await expect(form.getByLabel('Client secret')).toHaveAttribute('placeholder', 'A secret is kept: leave empty to keep it');
  await page.reload();
  await expect(form.getByLabel('Issuer URL')).toHaveValue(idp.issuer);
  await expect(form.getByLabel('Button label')).toHaveValue('IdP');
  expect(await violations(page), 'the Setting screen with its Social sign-in section').toEqual([]);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.reload();
  await expect(form.getByText(`${baseURL}/api/v1/play/oidc/callback`)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await scrollsSideways(page), 'the Setting screen at 320 px').toBe(false);
  const saved = await request.get('/api/v1/client-oidc/', { headers });
  expect(await saved.json()).toEqual({
    configured: true,
    redirect_uri: `${baseURL}/api/v1/play/oidc/callback`,
    issuer: idp.issuer,
    oidc_client_id: 'e2e-portal',
    label: 'IdP',
    has_secret: true,
  });

  // The phone: join code, the provider's button, its login page, its consent page, back in the lobby.
  const context = await browser.newContext({ baseURL, ...PHONE });
  const phone = await context.newPage();
  await phone.goto(`/play/${quiz.quiz_hash}`);
  await expect(phone.getByRole('heading', { name: 'Social Quiz' })).toBeVisible();
  await phone.getByLabel('Join code').fill('77');
  expect(await violations(phone), 'the join screen offering the provider').toEqual([]);
  await phone.getByRole('button', { name: 'Sign in with IdP' }).click();
  await phone.waitForURL((url) => url.origin === idp.issuer);
  await phone.getByPlaceholder('Enter any login').fill('zoe');
  await phone.getByPlaceholder('and password').fill('any-password');
  await phone.getByRole('button', { name: 'Sign-in' }).click();
  const consent = phone.getByRole('button', { name: 'Continue' });
  const lobby = phone.getByRole('heading', { name: "You're in!" });
  await expect(consent.or(lobby)).toBeVisible({ timeout: 15_000 });
  if (await consent.isVisible()) await consent.click();
  await expect(lobby).toBeVisible({ timeout: 15_000 });
  expect(new URL(phone.url()).pathname).toBe(`/play/${quiz.quiz_hash}`);
  await expect(phone.getByRole('list', { name: 'Just joined' }).getByRole('listitem')).toHaveText(['Ida'], { timeout: 10_000 });
  await expect(phone.getByText('1 player joined')).toBeVisible();

  // The portal's viewers: the participant made from the provider's claims.
  const viewers = await request.get(`/api/v1/profiles/viewer/?quiz=${quiz.id}`, { headers });
  const page1 = (await viewers.json()) as { count: number; results: { user_detail: Record<string, string> }[] };
  expect(page1.count).toBe(1);
  expect(page1.results[0]?.user_detail).toMatchObject({ email: 'zoe@idp.test', first_name: 'Ida', last_name: 'Providerzoe' });
  await context.close();
});
