import { clientOidc, type ClientOidc, type ClientOidcPayload } from '../../lib/contract/client-oidc';
import { requestDecoded } from './client';

export type { ClientOidc, ClientOidcPayload } from '../../lib/contract/client-oidc';

/** GET client-oidc/: the client's OpenID Connect provider for participants' social sign-in (never its secret). */
export function fetchClientOidc(signal?: AbortSignal): Promise<ClientOidc> {
  return requestDecoded(clientOidc, 'api/v1/client-oidc/', { signal });
}

/** PUT client-oidc/: sets the provider; a secret left out keeps the one the server holds. */
export function saveClientOidc(payload: ClientOidcPayload): Promise<ClientOidc> {
  return requestDecoded(clientOidc, 'api/v1/client-oidc/', { method: 'put', json: payload });
}
