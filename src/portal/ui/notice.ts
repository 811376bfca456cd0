import { notifications, type NotificationData } from '@mantine/notifications';
import { markNoticeShown } from './notice-signal';

// Apart from ui/notify (the error notices, with the API's and the local store's errors): the service worker's
// notices on /login load this, Mantine's notifications and nothing of the screens' code (vite.config.ts, 'notices').

/**
 * Shows a notification the accessible way: a named close button, text in the body colour (the default
 * dimmed text is too pale for WCAG AA), and role "status" for news that is not an error.
 */
export function showNotice(data: NotificationData & { kind?: 'error' | 'news' }): void {
  const { kind = 'news', ...notification } = data;
  markNoticeShown();
  notifications.show({
    role: kind === 'error' ? 'alert' : 'status',
    closeButtonProps: { 'aria-label': 'Dismiss' },
    styles: { description: { color: 'var(--mantine-color-text)' } },
    ...notification,
  });
}
