import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { holdNotices } from '../ui/notice-signal';
import { showNotice } from '../ui/notify';
import { NotificationArea } from './NotificationArea';

describe('NotificationArea', () => {
  it('loads nothing until the first notification, then shows it', async () => {
    render(
      <MantineProvider>
        <NotificationArea />
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => showNotice({ title: 'Ready to work offline', message: 'The portal now opens without a connection.' }));
    expect(await screen.findByText('Ready to work offline')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });

  it('shows nothing while a screen holds the notices, and the waiting notice once released', async () => {
    render(
      <MantineProvider>
        <NotificationArea />
      </MantineProvider>,
    );
    const release = holdNotices();
    act(() => showNotice({ title: 'A new version is available', message: 'Reload to update.' }));
    expect(screen.queryByText('A new version is available')).toBeNull();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => release());
    expect(await screen.findByText('A new version is available')).toBeInTheDocument();
  });
});
