import { describe, expect, it } from 'vitest';
import { ISSUER_URL_MESSAGE } from '../../../lib/contract/client-oidc';
import { socialSignInPayload, socialSignInValues } from './social-sign-in';

const values = { issuer: ' https://accounts.google.com ', oidc_client_id: 'abc', oidc_client_secret: '', label: 'Google' };

describe('socialSignInPayload', () => {
  it('leaves a blank secret out when the server keeps one, so the stored secret stays', () => {
    expect(socialSignInPayload(values, true)).toEqual({
      payload: { issuer: 'https://accounts.google.com', oidc_client_id: 'abc', label: 'Google' },
    });
    expect(socialSignInPayload({ ...values, oidc_client_secret: ' new ' }, true)).toEqual({
      payload: { issuer: 'https://accounts.google.com', oidc_client_id: 'abc', oidc_client_secret: 'new', label: 'Google' },
    });
  });

  it('asks for a secret when none is kept, and names every refused field with the contract’s message', () => {
    expect(socialSignInPayload(values, false)).toEqual({ errors: { oidc_client_secret: 'This field is required.' } });
    expect(
      socialSignInPayload({ issuer: 'http://idp.example.com', oidc_client_id: ' ', oidc_client_secret: 'x', label: '' }, false),
    ).toEqual({
      errors: { issuer: ISSUER_URL_MESSAGE, oidc_client_id: 'This field may not be blank.', label: 'This field may not be blank.' },
    });
    expect(socialSignInPayload({ ...values, issuer: '' }, true).errors).toEqual({ issuer: 'This field may not be blank.' });
  });

  it('starts the form from the saved provider, with the secret field empty', () => {
    expect(
      socialSignInValues({
        configured: true,
        redirect_uri: 'https://portal.test/api/v1/play/oidc/callback',
        issuer: 'https://i.test',
        oidc_client_id: 'c',
        label: 'L',
        has_secret: true,
      }),
    ).toEqual({
      issuer: 'https://i.test',
      oidc_client_id: 'c',
      oidc_client_secret: '',
      label: 'L',
    });
  });
});
