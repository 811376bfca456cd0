/**
 * The session's token and what to do when the server rejects it: state of the HTTP client (client.ts), kept apart
 * from it so that the session can set them from /login's first bundle while ky and the client load only with the
 * first request.
 */

let currentToken: string | null = null;
let onUnauthorized: (() => void) | null = null;

/** The session sets the token it holds; every request then carries `Authorization: Token <key>`. */
export function setApiToken(token: string | null): void {
  currentToken = token;
}

/** Called when a request carrying a token is answered 401 (expired or revoked token). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/** The token requests carry now, if any. */
export function apiToken(): string | null {
  return currentToken;
}

/** Tells the session that its token was refused. */
export function reportUnauthorized(): void {
  onUnauthorized?.();
}
