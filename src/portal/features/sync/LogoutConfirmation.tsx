import { Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { syncNow as sendAndPullNow } from '../../store/sync';
import { notifyError } from '../../ui/notify';
import { changesText } from './change-description';
import { DestructiveAction, SecondaryAction } from '../../ui/actions';

interface LogoutConfirmationProps {
  /** Changes not on the server; the dialog shows while this is above 0 and `opened`. */
  waiting: number;
  opened: boolean;
  onCancel: () => void;
  onLogout: () => void;
  /** After "Sync now": how many changes still wait (0 logs out). */
  recount: () => Promise<number>;
}

/** Logging out with queued changes asks first (docs/decisions.md "Offline"): Sync now, Cancel, or Log out anyway. */
export function LogoutConfirmation({ waiting, opened, onCancel, onLogout, recount }: LogoutConfirmationProps) {
  const [syncing, setSyncing] = useState(false);
  const syncNow = async () => {
    setSyncing(true);
    try {
      await sendAndPullNow();
      if ((await recount()) === 0) onLogout();
    } catch (error) {
      notifyError(error, 'Sync failed');
    } finally {
      setSyncing(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onCancel} title="Log out?">
      <Text>
        {changesText(waiting)} {waiting === 1 ? 'has' : 'have'} not reached the server yet. Log out anyway and lose{' '}
        {waiting === 1 ? 'it' : 'them'}?
      </Text>
      <Group justify="flex-end" mt="md">
        <SecondaryAction loading={syncing} onClick={() => void syncNow()}>
          Sync now
        </SecondaryAction>
        <SecondaryAction onClick={onCancel}>Cancel</SecondaryAction>
        <DestructiveAction onClick={onLogout}>Log out anyway</DestructiveAction>
      </Group>
    </Modal>
  );
}
