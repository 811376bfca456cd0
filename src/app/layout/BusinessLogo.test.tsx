import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ClientDetails } from '../../lib/contract/accounts';
import { BusinessLogo } from './BusinessLogo';

const client: ClientDetails = { id: 1, name: 'Acme Quiz Nights', poll_enabled: true, social_auth_feature: false, business_logo_url: null };

function renderLogo(details: ClientDetails) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <BusinessLogo client={details} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('BusinessLogo', () => {
  it("shows the client's logo 90 px wide, named after the business, linking home", () => {
    renderLogo({ ...client, business_logo_url: 'http://127.0.0.1/media/logo.png' });
    const logo = screen.getByRole('img', { name: 'Acme Quiz Nights' });
    expect(logo).toHaveAttribute('src', 'http://127.0.0.1/media/logo.png');
    expect(logo).toHaveStyle({ width: '90px' });
    expect(screen.getByRole('link')).toHaveAttribute('href', '/');
  });

  it("shows the app's name as text when the client has no logo", () => {
    renderLogo(client);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quiz Portal' })).toHaveAttribute('href', '/');
  });
});
