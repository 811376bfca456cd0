import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { LOGIN_FAILED_MESSAGE, LOGIN_FAILED_SERVER_MESSAGE } from '../../lib/contract/accounts';
import { loginFailureMessage } from './login-failure';

describe('loginFailureMessage', () => {
  it("replaces the server's wrong-credentials sentence with the portal's", () => {
    const error = new ApiError(400, LOGIN_FAILED_SERVER_MESSAGE, { non_field_errors: [LOGIN_FAILED_SERVER_MESSAGE] });
    expect(loginFailureMessage(error)).toBe(LOGIN_FAILED_MESSAGE);
  });

  it('shows any other first non_field_errors message as the server wrote it', () => {
    const error = new ApiError(400, 'x', { non_field_errors: ['User account is disabled.', 'second'] });
    expect(loginFailureMessage(error)).toBe('User account is disabled.');
  });

  it('shows the message of errors without non_field_errors (rate limit, network)', () => {
    expect(loginFailureMessage(new ApiError(429, 'Request was throttled.', { detail: ['Request was throttled.'] }))).toBe(
      'Request was throttled.',
    );
    expect(loginFailureMessage(new ApiError(0, 'No connection to the server.'))).toBe('No connection to the server.');
  });
});
