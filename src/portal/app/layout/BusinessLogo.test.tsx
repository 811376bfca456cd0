import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ClientDetails } from '../../../lib/contract/accounts';
import { BusinessLogo } from './BusinessLogo';

const client: ClientDetails = { id: 1, name: 'Acme Quiz Nights', poll_enabled: true, social_auth_feature: false, business_logo_url: null };

function renderLogo(details: ClientDetails, businessName?: string | null) {
  const { container } = render(
    <MantineProvider>
      <MemoryRouter>
        <BusinessLogo client={details} businessName={businessName} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return container;
}

describe('BusinessLogo', () => {
  it("shows the client's logo 90 px wide and the business's name beside it, linking home", () => {
    const container = renderLogo({ ...client, business_logo_url: 'http://127.0.0.1/media/logo.png' }, 'The Crown Pub');
    const logo = container.querySelector('img');
    expect(logo).toHaveAttribute('src', 'http://127.0.0.1/media/logo.png');
    expect(logo).toHaveStyle({ width: '90px' });
    expect(screen.getByRole('link', { name: 'The Crown Pub' })).toHaveAttribute('href', '/');
  });

  it('names the business after the client when its settings have no business name', () => {
    renderLogo({ ...client, business_logo_url: 'http://127.0.0.1/media/logo.png' }, '  ');
    expect(screen.getByRole('link', { name: 'Acme Quiz Nights' })).toHaveAttribute('href', '/');
  });

  it("shows the app's name when the client has neither logo nor name", () => {
    renderLogo({ ...client, name: '' });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quiz Portal' })).toHaveAttribute('href', '/');
  });
});
