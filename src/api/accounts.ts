import {
  currentUser as currentUserSchema,
  loginResponse,
  type CurrentUser,
  type LoginPayload,
  type LoginResponse,
  type ResetConfirmPayload,
} from '../lib/contract/accounts';
import { requestDecoded, requestJson } from './client';

// One typed function per accounts call of spec §7 Auth.

export function login(credentials: LoginPayload): Promise<LoginResponse> {
  return requestDecoded(loginResponse, 'api/v1/accounts/login/', { method: 'post', json: credentials });
}

export function currentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return requestDecoded(currentUserSchema, 'api/v1/accounts/user/', { signal });
}

/** Invalidates the token on the server; the caller passes it because the session may already have dropped it. */
export function logout(token: string): Promise<void> {
  return requestJson<void>('api/v1/accounts/logout/', {
    method: 'post',
    headers: { Authorization: `Token ${token}` },
  });
}

/** The server builds the reset link from site_url, so the mail points back at this portal. */
export function requestPasswordReset(email: string): Promise<void> {
  return requestJson<void>('api/rest-auth/password/reset/', {
    method: 'post',
    json: { email, site_url: window.location.origin },
  });
}

export function confirmPasswordReset(payload: ResetConfirmPayload): Promise<void> {
  return requestJson<void>('password/reset/', { method: 'post', json: payload });
}
