import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, type Tenant } from './fixtures';

// Question bank set-up through the API (tests use the UI only for what they test), and image files.

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real 1x1 PNG. */
export const PNG: FilePayload = {
  name: 'sponsor.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
};

/** A text file dressed as a PNG: name and type say image, the bytes do not. */
export const FAKE_PNG: FilePayload = { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is only text, not an image') };

export interface TenantApi {
  request: APIRequestContext;
  headers: Record<string, string>;
}

export async function tenantApi(request: APIRequestContext, tenant: Tenant): Promise<TenantApi> {
  return { request, headers: { Authorization: `Token ${await apiLogin(request, tenant)}` } };
}

export async function createCategory(api: TenantApi, name: string): Promise<number> {
  const response = await api.request.post('/api/v1/category/', { headers: api.headers, data: { name } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

export async function createQuestion(
  api: TenantApi,
  category: number,
  description: string,
  fields: { options?: string; correct_option?: string; image?: FilePayload } = {},
): Promise<number> {
  const { image, ...text } = fields;
  const multipart = {
    description,
    category: String(category),
    options: 'A: Sun, B: Moon, C: Comet, D: Cloud',
    correct_option: 'A',
    ...text,
    ...(image ? { image } : {}),
  };
  const response = await api.request.post('/api/v1/questions/', { headers: api.headers, multipart });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

export interface ServerQuestion {
  id: number;
  description: string;
  hint: string;
  options: string;
  correct_option: string;
  category: number;
  image: string | null;
}

/** The tenant's questions on the server, newest first. */
export async function serverQuestions(api: TenantApi): Promise<ServerQuestion[]> {
  const response = await api.request.get('/api/v1/questions/?page_size=1000', { headers: api.headers });
  return ((await response.json()) as { results: ServerQuestion[] }).results;
}

export async function serverCategories(api: TenantApi): Promise<{ id: number; name: string }[]> {
  const response = await api.request.get('/api/v1/category/?page_size=1000', { headers: api.headers });
  return ((await response.json()) as { results: { id: number; name: string }[] }).results;
}

/** Chooses a file in an image field as a person does: the drop area opens the file chooser. */
export async function chooseImage(page: Page, label: string, file: FilePayload): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `Choose ${label.toLowerCase()}` }).click();
  await (await chooser).setFiles(file);
}
