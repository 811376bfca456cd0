import { clientOidcPayload, REQUIRED_MESSAGE, type ClientOidc, type ClientOidcPayload } from '../../../lib/contract/client-oidc';

// The Social sign-in section of the Setting screen: what its form holds, and the PUT it sends. The secret is never
// read back, so its field starts empty; left empty, the server keeps the secret it holds.

export interface SocialSignInValues {
  issuer: string;
  oidc_client_id: string;
  oidc_client_secret: string;
  label: string;
}

export const SOCIAL_SIGN_IN_FIELDS = ['issuer', 'oidc_client_id', 'oidc_client_secret', 'label'] as const;

export function socialSignInValues(saved: ClientOidc): SocialSignInValues {
  return { issuer: saved.issuer, oidc_client_id: saved.oidc_client_id, oidc_client_secret: '', label: saved.label };
}

/** The PUT body, or the messages to show under each field (the contract's, as the server would answer). */
export function socialSignInPayload(
  values: SocialSignInValues,
  hasSecret: boolean,
): { payload: ClientOidcPayload; errors?: never } | { payload?: never; errors: Record<string, string> } {
  const secret = values.oidc_client_secret.trim();
  const parsed = clientOidcPayload.safeParse({ ...values, oidc_client_secret: secret || undefined });
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    // The first message of each field is the one shown (a blank field says so before it is judged as a URL).
    for (const issue of parsed.error.issues.toReversed()) errors[String(issue.path[0])] = issue.message;
  }
  if (!secret && !hasSecret) errors.oidc_client_secret = REQUIRED_MESSAGE;
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { payload: parsed.data };
}
