import { ApiError } from '../api/errors';
import { LOGIN_FAILED_MESSAGE, LOGIN_FAILED_SERVER_MESSAGE } from '../../lib/contract/login-messages';

/**
 * The sentence the login alert shows for a failed login (the specification's error messages): the server's first
 * non_field_errors message, with the server's wording for wrong credentials replaced by the
 * portal's; any other failure (network, 429, 5xx) shows its own message.
 */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const message = error.fieldErrors.non_field_errors?.[0] ?? error.message;
    return message === LOGIN_FAILED_SERVER_MESSAGE ? LOGIN_FAILED_MESSAGE : message;
  }
  return error instanceof Error ? error.message : String(error);
}
