// Idempotency-Key answers the portal must tell apart from the others. While the first
// request with a key still runs, a repeat answers 409 as the IETF Idempotency-Key draft says, with this detail
// and a Retry-After: that 409 is "try again shortly", not an edit conflict to resolve.

export const IDEMPOTENCY_IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still being processed.';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request.';

/** True for the server's "still being processed" 409 (its body is `{detail}`). */
export function isIdempotencyInProgress(status: number, body: unknown): boolean {
  return (
    status === 409 && typeof body === 'object' && body !== null && (body as { detail?: unknown }).detail === IDEMPOTENCY_IN_PROGRESS_MESSAGE
  );
}
