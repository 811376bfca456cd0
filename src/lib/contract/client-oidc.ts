import { z } from 'zod';
import { builtOnFirstUse } from './built-on-first-use';
import { TEXT_LIMITS, boundedText } from './limits';

// The client's OpenID Connect provider for participants' social sign-in (docs/decisions.md "Play"), set by the
// admin on the Setting screen: GET, PUT and DELETE /api/v1/client-oidc/ (the caller's client; no id in the path).
// The secret is written, never read back: the answer says only whether one is kept (`has_secret`).

export const ISSUER_URL_MESSAGE = 'Enter an https:// URL (http:// only for localhost or 127.0.0.1), without a query or fragment.';
export const SOCIAL_AUTH_DISABLED_MESSAGE = 'Social sign-in is not enabled for this client.';
export const REQUIRED_MESSAGE = 'This field is required.';
/** The server refuses an issuer on its own network unless its operator allows it (OIDC_ALLOW_PRIVATE_NETWORK). */
export const PRIVATE_ISSUER_MESSAGE = 'This address is on a private network, which this server does not call for sign-in.';
export const BLANK_MESSAGE = 'This field may not be blank.';

/** Plain http is only for a provider on this machine (tests, development), as oidc.ts allows it. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An issuer openid-client can discover: https (http only on loopback), a host, no credentials, query or fragment. */
export function isIssuerUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  const schemeOk = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  return schemeOk && url.hostname !== '' && !url.username && !url.password && !url.search && !url.hash && !text.includes('#');
}

export const { clientOidc, clientOidcPayload, clientOidcQuery } = builtOnFirstUse(() => {
  const requiredText = (max: number) => boundedText(max).trim().min(1, { error: BLANK_MESSAGE, abort: true });

  /**
   * GET (and PUT's answer): `configured` is false (and the texts empty) until the admin saves a provider.
   * `redirect_uri` is the address this server sends participants back to, to be registered at the provider.
   */
  const clientOidc = z.object({
    configured: z.boolean(),
    redirect_uri: z.string(),
    issuer: z.string(),
    oidc_client_id: z.string(),
    label: z.string(),
    has_secret: z.boolean(),
  });

  /**
   * PUT: the issuer, the client id registered at the provider, its secret and the participants' button label.
   * The secret may be left out (or blank) when one is kept already: the old one stays.
   */
  const clientOidcPayload = z.object({
    issuer: requiredText(TEXT_LIMITS.url).refine(isIssuerUrl, ISSUER_URL_MESSAGE),
    oidc_client_id: requiredText(TEXT_LIMITS.name),
    oidc_client_secret: boundedText(TEXT_LIMITS.name).trim().optional(),
    label: requiredText(TEXT_LIMITS.name),
  });

  return { clientOidc, clientOidcPayload, clientOidcQuery: z.object({}) };
});
export type ClientOidc = z.infer<typeof clientOidc>;
export type ClientOidcPayload = z.infer<typeof clientOidcPayload>;
