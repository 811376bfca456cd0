import { Stack, Text } from '@mantine/core';
import { registerServiceWorker } from '../local/pwa-registration';
import type * as Notice from '../ui/notice';
import { whenPageQuiet } from './when-page-quiet';
import { PrimaryAction } from '../ui/actions';

const UPDATE_NOTICE_ID = 'new-version';

// Loaded with the first notice: Mantine's notifications are not needed to draw /login (/login's JavaScript budget, docs/decisions.md "Performance budgets"). ui/notice,
// not ui/notify, whose chunk is the screens' shared code: on /login, "Ready to work offline" loaded and evaluated
// The screens' libraries (about 190 kB gzip) after the page had loaded.
const showNotice = (data: Parameters<typeof Notice.showNotice>[0]) => void import('../ui/notice').then((notice) => notice.showNotice(data));

/**
 * Registers the service worker and tells the user what it means: "Ready to work offline" once after
 * the first install, and a notice that stays until acted on when a new version waits.
 */
export function registerPortalServiceWorker(): void {
  const registration = registerServiceWorker({
    onNeedRefresh: () =>
      showNotice({
        id: UPDATE_NOTICE_ID,
        title: 'A new version is available',
        autoClose: false,
        withCloseButton: true,
        message: (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Your queued changes are kept.</Text>
            <PrimaryAction size="compact-sm" onClick={() => registration.updateServiceWorker()}>
              Reload to update
            </PrimaryAction>
          </Stack>
        ),
      }),
    // Not urgent: it waits for the first screen to be drawn, which it would otherwise slow down.
    onOfflineReady: () =>
      whenPageQuiet(() =>
        showNotice({ color: 'teal', title: 'Ready to work offline', message: 'The portal now opens without a connection.' }),
      ),
    onRegisterError: (error) => console.error('The service worker could not be registered', error),
  });
}
