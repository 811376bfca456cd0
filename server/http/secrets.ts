import { hash, randomBytes } from 'node:crypto';

/** A new secret for the client: 160 random bits as 40 hex characters (the length of a DRF token key). */
export function newSecret(bytes = 20): string {
  return randomBytes(bytes).toString('hex');
}

/** What is stored instead of a secret: a leaked database yields no usable token. */
export function hashSecret(secret: string): string {
  // One-shot (Node 22): no Hash object per request; every authenticated request hashes its token.
  return hash('sha256', secret, 'hex');
}
