import { clientProfile, type ClientImageField, type ClientProfile, type ClientProfileUpdatePayload } from '../lib/contract/client-profile';
import type { Page } from '../lib/contract/page';
import { requestJson } from './client';

export type { ClientProfile } from '../lib/contract/client-profile';

/** GET profiles/client/: a one-item list; the first item is the caller's client (spec §7 Client settings). */
export async function fetchClientProfile(signal?: AbortSignal): Promise<ClientProfile> {
  const page = await requestJson<Page<unknown>>('api/v1/profiles/client/', { signal });
  return clientProfile.parse(page.results[0]);
}

/** PATCH profiles/client/{client}/ as multipart: the text fields, and only the images chosen as new files. */
export function updateClientProfile(
  clientId: number,
  fields: ClientProfileUpdatePayload,
  images: Partial<Record<ClientImageField, File>>,
): Promise<ClientProfile> {
  const body = new FormData();
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) body.append(field, String(value));
  for (const [field, file] of Object.entries(images)) if (file) body.append(field, file, file.name);
  return requestJson<ClientProfile>(`api/v1/profiles/client/${clientId}/`, { method: 'patch', body });
}
