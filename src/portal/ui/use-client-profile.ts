import { useEffect } from 'react';
import { fetchClientProfile, type ClientProfile } from '../api/client-profile';
import { ApiError } from '../api/errors';
import { saveClientProfile, useSavedClientProfile } from '../store/client-profile';

/**
 * The client's settings (viewer app URL, business name...) as last read from the server, kept in the
 * local database so screens have them offline (docs/decisions.md "Offline"); refreshed from the server on mount.
 * undefined while reading, null when never loaded on this device.
 */
export function useClientProfile(): ClientProfile | null | undefined {
  const stored = useSavedClientProfile();
  useEffect(() => {
    const controller = new AbortController();
    fetchClientProfile(controller.signal)
      .then(saveClientProfile)
      .catch((error: unknown) => {
        // Offline, or aborted: the kept copy stands. Anything else is worth a line in the console only,
        // as the screens using this work without it.
        if (!(error instanceof ApiError && error.isNetworkError) && !(error instanceof DOMException))
          console.warn('Client settings not refreshed', error);
      });
    return () => controller.abort();
  }, []);
  return stored;
}

/** The viewer link of a quiz hash or a poll's link key ("<viewer app URL>/poll/<link key>"), or null when no viewer app URL is set. */
export function viewerLink(viewerAppUrl: string | null | undefined, path: string): string | null {
  if (!viewerAppUrl) return null;
  return `${viewerAppUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
