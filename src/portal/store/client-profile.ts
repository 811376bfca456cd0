import { useLiveQuery } from 'dexie-react-hooks';
import type { ClientProfile } from '../api/client-profile';
import { clientProfile } from '../../lib/contract/client-profile';
import { portalDatabase } from '../local/db';
import { readSessionValue, saveSessionValue } from '../local/session-store';

/** The client's settings as last kept on this device (decoded with the contract): undefined while reading, null when none. */
export function useSavedClientProfile(): ClientProfile | null | undefined {
  return useLiveQuery(async () => {
    const saved = await readSessionValue<unknown>(portalDatabase(), 'clientSettings');
    const parsed = clientProfile.safeParse(saved?.value);
    return parsed.success ? parsed.data : null;
  });
}

/** Keeps the client's settings for offline use (every screen reading them updates). */
export function saveClientProfile(profile: ClientProfile): Promise<void> {
  return saveSessionValue(portalDatabase(), 'clientSettings', profile);
}
