import type { ClientImageChanges } from '../../api/client-profile';
import { CLIENT_IMAGE_FIELDS, type ClientImageField } from '../../../lib/contract/client-profile';
import type { ImageValue } from '../../ui/ImageInput';

/**
 * The images a Setting save changes: a newly chosen file, or null for a saved image that was removed.
 * An image left as it was (its URL) is not sent again.
 */
export function settingImageChanges(
  initial: Record<ClientImageField, ImageValue>,
  values: Record<ClientImageField, ImageValue>,
): ClientImageChanges {
  const changes: ClientImageChanges = {};
  for (const field of CLIENT_IMAGE_FIELDS) {
    const value = values[field];
    if (value instanceof File) changes[field] = value;
    else if (value === null && initial[field] !== null) changes[field] = null;
  }
  return changes;
}
