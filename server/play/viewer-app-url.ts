import type { Config } from '../config';

/**
 * A new client's viewer_app_url (docs/decisions.md "Play"): the player app this server serves under /play/, at the
 * address users reach it (PUBLIC_URL, else PORTAL_URL). A quiz's link is then `{viewer_app_url}{quiz_hash}`.
 */
export function defaultViewerAppUrl(config: Pick<Config, 'publicUrl' | 'portalUrl'>): string {
  return `${(config.publicUrl ?? config.portalUrl).replace(/\/+$/, '')}/play/`;
}
