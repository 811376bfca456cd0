import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientOidc } from '../../../lib/contract/client-oidc';
import { jsonResponse, mockFetch, requestsTo } from '../../session/test-fetch';
import { syncStatusStore } from '../../store/sync';
import { SettingScreen } from './SettingScreen';

const profile = {
  id: 7,
  business_name: 'Demo',
  description: '',
  business_logo: null,
  business_logo_url: null,
  background_image: null,
  background_image_url: null,
  mascot_logo: null,
  mascot_logo_url: null,
  recent_participant_time: 0,
  viewer_app_url: '',
  poll_enabled: true,
  social_auth_feature: true,
  updated_at: '2026-01-01T09:00:00.000Z',
  version: 1,
};
const kept: ClientOidc = {
  configured: true,
  redirect_uri: 'https://portal.test/api/v1/play/oidc/callback',
  issuer: 'https://idp.test',
  oidc_client_id: 'portal',
  label: 'IdP',
  has_secret: true,
};

function serve(options: { socialAuth: boolean; put?: (body: unknown) => Response }) {
  return mockFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/profiles/client/') {
      return jsonResponse({ count: 1, next: null, previous: null, results: [{ ...profile, social_auth_feature: options.socialAuth }] });
    }
    if (path === '/api/v1/client-oidc/' && request.method === 'GET') return jsonResponse(kept);
    if (path === '/api/v1/client-oidc/' && request.method === 'PUT' && options.put) return options.put(await request.json());
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
}

function renderScreen() {
  return render(
    <MantineProvider env="test">
      <SettingScreen />
    </MantineProvider>,
  );
}

beforeEach(() => {
  syncStatusStore().update({ online: true });
  // The description's autosizing Textarea listens for web fonts, which jsdom does not have.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Setting screen’s Social sign-in section', () => {
  it('is not offered (nor its provider read) when the client has no social_auth_feature', async () => {
    const { sent } = serve({ socialAuth: false });
    renderScreen();
    expect(await screen.findByRole('form', { name: 'Setting' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Social sign-in' })).toBeNull();
    expect(requestsTo(sent, '/api/v1/client-oidc/')).toEqual([]);
  });

  it('shows the kept provider without its secret, sends no secret when left empty, and puts the server’s errors under fields', async () => {
    const { sent } = serve({ socialAuth: true, put: () => jsonResponse({ issuer: ['The provider was not found.'] }, 400) });
    const user = userEvent.setup();
    renderScreen();
    const form = await screen.findByRole('form', { name: 'Social sign-in' });
    const issuer = await screen.findByLabelText('Issuer URL');
    expect(issuer).toHaveValue('https://idp.test');
    expect(screen.getByLabelText('Client ID')).toHaveValue('portal');
    expect(screen.getByLabelText('Button label')).toHaveValue('IdP');
    const secret = screen.getByLabelText('Client secret');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('placeholder', 'A secret is kept: leave empty to keep it');
    // The address to register at the provider is the server's own (PUBLIC_URL), as it answered.
    expect(form).toHaveTextContent('https://portal.test/api/v1/play/oidc/callback');

    await user.click(form.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(await screen.findByText('The provider was not found.')).toBeInTheDocument();
    const [put] = requestsTo(sent, '/api/v1/client-oidc/').filter((request) => request.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ issuer: 'https://idp.test', oidc_client_id: 'portal', label: 'IdP' });
    await waitFor(() => expect(issuer).toHaveAttribute('aria-invalid', 'true'));
  });
});
