import {
  clientProfile,
  type ClientImageField,
  type ClientProfile,
  type ClientProfileUpdatePayload,
} from '../../lib/contract/client-profile';
import { pageOf } from '../../lib/contract/page';
import { requestDecoded } from './client';

export type { ClientProfile } from '../../lib/contract/client-profile';

/** GET profiles/client/: a one-item list; the first item is the caller's client (the Client settings calls of the API). */
export async function fetchClientProfile(signal?: AbortSignal): Promise<ClientProfile> {
  const page = await requestDecoded(pageOf(clientProfile), 'api/v1/profiles/client/', { signal });
  const [profile] = page.results;
  if (!profile) throw new Error('The server listed no client profile.');
  return profile;
}

/** What changes for an image: a new file, or null to remove it. An image left out stays as it is. */
export type ClientImageChanges = Partial<Record<ClientImageField, File | null>>;

/**
 * The multipart body of a settings update: the text fields, the images chosen as new files, and
 * `<field>_clear=true` for each image removed (a file field never carries a URL, as for questions).
 */
export function clientProfileBody(fields: ClientProfileUpdatePayload, images: ClientImageChanges): FormData {
  const body = new FormData();
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) body.append(field, String(value));
  for (const [field, file] of Object.entries(images)) {
    if (file) body.append(field, file, file.name);
    else if (file === null) body.append(`${field}_clear`, 'true');
  }
  return body;
}

/** PATCH profiles/client/{client}/ as multipart (clientProfileBody). */
export function updateClientProfile(
  clientId: number,
  fields: ClientProfileUpdatePayload,
  images: ClientImageChanges,
): Promise<ClientProfile> {
  return requestDecoded(clientProfile, `api/v1/profiles/client/${clientId}/`, { method: 'patch', body: clientProfileBody(fields, images) });
}
