import { Anchor, Box, Button, Group, Loader, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useNeedsSignIn } from '../../session/needs-sign-in';
import { useSession } from '../../session/session-context';
import { OfflineIcon, OnlineIcon } from '../../ui/icons';
import { useSyncStatus, type SyncStatus } from '../../store/sync';
import { waitingText } from './change-description';
import { paths } from '../../../lib/paths';

/** "Online" only once the server has answered (lib/server-connection.ts); "Checking…" until its first word. */
const CONNECTION_LABEL: Record<SyncStatus['connection'], string> = { checking: 'Checking…', online: 'Online', offline: 'Offline' };
const CONNECTION_COLOR: Record<SyncStatus['connection'], string> = { checking: 'gray.7', online: 'teal.7', offline: 'orange.7' };

/** The top bar's sync status: online or offline, a spinner while syncing, and what waits or failed (link to /sync). */
export function SyncIndicator() {
  const status = useSyncStatus();
  const needsSignIn = useNeedsSignIn();
  const { promptSignIn } = useSession();
  const stateLabel = CONNECTION_LABEL[status.connection];
  const problems = status.failed + status.conflicts;
  return (
    <Group gap="xs" wrap="nowrap">
      {needsSignIn && (
        <Button size="compact-sm" color="red" variant="light" onClick={promptSignIn}>
          Sign in again
        </Button>
      )}
      {status.syncing && <Loader size="xs" aria-label="Syncing" role="status" />}
      {status.waiting + problems > 0 && (
        <Anchor
          component={Link}
          to={paths.sync()}
          size="sm"
          className="touch-link"
          c={problems > 0 ? 'red' : undefined}
          style={{ whiteSpace: 'nowrap' }}
        >
          {waitingText(status.waiting)}
          {problems > 0 ? `, ${problems} to fix` : ''}
        </Anchor>
      )}
      <Group gap={4} wrap="nowrap" role="status" aria-label={stateLabel}>
        <Box c={CONNECTION_COLOR[status.connection]} display="flex">
          {status.connection === 'offline' ? <OfflineIcon /> : <OnlineIcon />}
        </Box>
        <Text size="sm" fw={600} visibleFrom="xs" aria-hidden="true">
          {stateLabel}
        </Text>
      </Group>
    </Group>
  );
}
