import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext, type Session } from '../../session/session-context';
import { syncStatusStore } from '../../store/sync';
import { SyncIndicator } from './SyncIndicator';

// The top bar's connection status says what the server's answers say (src/lib/server-connection.ts):
// "Checking…" until the first, "Online" once one came, "Offline" once one did not; never the browser's flag.
describe('SyncIndicator', () => {
  it('shows the state of the connection to the server', () => {
    const session = { user: null, expired: false, promptSignIn: vi.fn() } as unknown as Session;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => syncStatusStore().update({ connection: 'checking', online: true }));
    render(
      <MantineProvider>
        <MemoryRouter>
          <SessionContext.Provider value={session}>
            <SyncIndicator />
          </SessionContext.Provider>
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Checking…' })).toBeInTheDocument();
    act(() => syncStatusStore().update({ connection: 'offline', online: false }));
    expect(screen.getByRole('status', { name: 'Offline' })).toBeInTheDocument();
    act(() => syncStatusStore().update({ connection: 'online', online: true }));
    expect(screen.getByRole('status', { name: 'Online' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
