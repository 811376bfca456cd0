// crypto.randomUUID exists in secure contexts only (HTTPS, localhost): a phone on a venue's network opens the
// player app at http://<lan-ip>:<port> (docs/live-channel.md), where it is undefined and every answer's
// Idempotency-Key would throw. crypto.getRandomValues works in every context.

/** A random (version 4) UUID, in secure contexts and plain-http ones alike. */
export function randomUuid(): string {
  const secure = (crypto as Partial<typeof crypto>).randomUUID;
  if (secure) return secure.call(crypto);
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
