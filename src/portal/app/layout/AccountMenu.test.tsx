import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext, type Session } from '../../session/session-context';
import { AccountMenu } from './AccountMenu';

function renderMenu(session: Partial<Session>) {
  const value = { logout: vi.fn(async () => undefined), waitingChanges: vi.fn(async () => 0), ...session } as unknown as Session;
  render(
    <StrictMode>
      <MantineProvider>
        <MemoryRouter>
          <SessionContext.Provider value={value}>
            <AccountMenu username="admin" />
          </SessionContext.Provider>
        </MemoryRouter>
      </MantineProvider>
    </StrictMode>,
  );
  return value;
}

// `hidden: true`: in jsdom (no CSS) Mantine's menu is still in its entering transition for the role query;
// tests/e2e/keyboard-flows.spec.ts opens it in Chromium, by keyboard.
describe('AccountMenu', () => {
  it('mounts no menu until the first press, then opens it at once, once (under StrictMode), and logs out', async () => {
    const session = renderMenu({});
    const button = screen.getByRole('button', { name: 'Account menu' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await userEvent.click(button);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'true'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout', hidden: true }));
    await vi.waitFor(() => expect(session.logout).toHaveBeenCalledOnce());
  });

  it('asks first when changes wait, with the confirmation mounted only then', async () => {
    renderMenu({ waitingChanges: vi.fn(async () => 2) });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout', hidden: true }));
    expect(await screen.findByRole('dialog', { name: 'Log out?' })).toHaveTextContent('2 changes have not reached the server yet.');
  });
});
