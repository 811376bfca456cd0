import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
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
});
