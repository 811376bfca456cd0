import { Alert, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueuedChanges, type OutboxEntry, type QueuedChange } from '../../store/outbox';
import { useSession } from '../../session/session-context';
import { SESSION_EXPIRED_TITLE, useNeedsSignIn } from '../../session/needs-sign-in';
import { changeActions, syncNow as sendAndPullNow } from '../../store/sync';
import { notifyError } from '../../ui/notify';
import { useSyncStatus } from '../../store/sync';
import { canDiscard, describeChange, editRouteOf, fieldErrorLines } from './change-description';
import { dayTimeText } from '../../../lib/date-text';
import { DestructiveTrigger, PrimaryAction, SecondaryAction } from '../../ui/actions';
import { EmptyState } from '../../ui/EmptyState';
import { SyncIcon } from '../../ui/icons';

const stateText: Record<OutboxEntry['status'], string> = {
  pending: 'Waiting to sync',
  sending: 'Sending…',
  blocked: 'Waits for a change that must be fixed first',
  failed: 'Failed',
  conflict: 'Conflict',
};

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Mine next to the server's, field by field, for the fields my change touches. */
function ConflictVersions({ entry }: { entry: OutboxEntry }) {
  const theirs = (entry.conflict?.current ?? null) as Record<string, unknown> | null;
  const fields = Object.entries(entry.payload);
  return (
    <Table aria-label="Both versions" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Yours</Table.Th>
          <Table.Th>On the server</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map(([field, mine]) => (
          <Table.Tr key={field}>
            <Table.Td>{field}</Table.Td>
            <Table.Td>{formatValue(mine)}</Table.Td>
            <Table.Td>{theirs ? formatValue(theirs[field]) : 'Deleted on the server'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ChangeCard({ change }: { change: QueuedChange }) {
  const { entry, row } = change;
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const engine = changeActions;
  const description = describeChange(entry, row);
  const act = (name: string, action: () => Promise<void>) => async () => {
    setBusy(name);
    try {
      await action();
    } catch (error) {
      notifyError(error, `${name} failed`);
    } finally {
      setBusy(null);
    }
  };
  const editRoute = row && (entry.kind === 'create' || entry.kind === 'update') ? editRouteOf(entry.entity, row) : null;
  const discardable = canDiscard(entry);
  const color = entry.status === 'failed' ? 'red' : entry.status === 'conflict' ? 'orange' : 'yellow';

  return (
    <Card component="li" aria-label={description}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{description}</Text>
          <Badge color={color}>{stateText[entry.status]}</Badge>
        </Group>
        {entry.status === 'failed' && entry.lastError && (
          <Alert color="red" title={entry.lastError.message}>
            {fieldErrorLines(entry.lastError.fieldErrors).map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))}
          </Alert>
        )}
        {entry.status === 'pending' && entry.lastError && (
          <Text size="sm" c="dimmed">
            Last try: {entry.lastError.message}
          </Text>
        )}
        {entry.status === 'conflict' && (
          <>
            <Text size="sm">Someone changed this on the server after you edited it. Choose the version to keep.</Text>
            <ConflictVersions entry={entry} />
          </>
        )}
        <Group gap="xs">
          {entry.status === 'conflict' && (
            <>
              <PrimaryAction loading={busy === 'Keep mine'} onClick={act('Keep mine', () => engine.keepMine(entry.opId))}>
                Keep mine
              </PrimaryAction>
              <SecondaryAction loading={busy === 'Take theirs'} onClick={act('Take theirs', () => engine.takeTheirs(entry.opId))}>
                Take theirs
              </SecondaryAction>
            </>
          )}
          {entry.status === 'failed' && (
            <PrimaryAction loading={busy === 'Retry'} onClick={act('Retry', () => engine.retry(entry.opId))}>
              Retry
            </PrimaryAction>
          )}
          {entry.status === 'failed' && editRoute && <SecondaryAction onClick={() => navigate(editRoute)}>Edit</SecondaryAction>}
          {discardable && (
            <DestructiveTrigger loading={busy === 'Discard'} onClick={act('Discard', () => engine.discard(entry.opId))}>
              Discard
            </DestructiveTrigger>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function ChangeList({ title, changes }: { title: string; changes: QueuedChange[] }) {
  if (changes.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title} ({changes.length})
      </Title>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {changes.map((change) => (
          <ChangeCard key={change.entry.opId} change={change} />
        ))}
      </Stack>
    </Stack>
  );
}

/** /sync: what has not reached the server yet, and what to do about failures and conflicts. */
export function SyncScreen() {
  const status = useSyncStatus();
  const changes = useQueuedChanges();
  const needsSignIn = useNeedsSignIn();
  const { promptSignIn } = useSession();
  const [syncing, setSyncing] = useState(false);

  const syncNow = async () => {
    setSyncing(true);
    try {
      await sendAndPullNow();
    } catch (error) {
      notifyError(error, 'Sync failed');
    } finally {
      setSyncing(false);
    }
  };

  const failed = changes?.filter(({ entry }) => entry.status === 'failed') ?? [];
  const conflicts = changes?.filter(({ entry }) => entry.status === 'conflict') ?? [];
  const waiting = changes?.filter(({ entry }) => entry.status !== 'failed' && entry.status !== 'conflict') ?? [];

  return (
    <Stack maw={900}>
      <Title order={1}>Sync</Title>
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Text>{status.online ? 'Online' : 'Offline: changes are kept on this device and sent when the connection returns.'}</Text>
          <Text size="sm" c="dimmed">
            {status.lastSyncedAt ? `Last synced ${dayTimeText(status.lastSyncedAt)}` : 'Not synced yet on this device.'}
          </Text>
          {status.lastError && !needsSignIn && (
            <Text size="sm" c="red">
              {status.lastError}
            </Text>
          )}
          {status.storagePersisted === false && (
            <Text size="sm" c="dimmed">
              The browser may clear this device's data when space runs low: sync often.
            </Text>
          )}
        </Stack>
        <PrimaryAction onClick={() => void syncNow()} loading={syncing || status.syncing} disabled={!status.online}>
          Sync now
        </PrimaryAction>
      </Group>
      {needsSignIn && (
        <Alert color="red" title={SESSION_EXPIRED_TITLE}>
          <PrimaryAction mt="xs" onClick={promptSignIn}>
            Sign in again
          </PrimaryAction>
        </Alert>
      )}
      {changes && changes.length === 0 && (
        <EmptyState
          icon={<SyncIcon />}
          title="Everything is on the server."
          description="Changes made on this device wait here until the server has them; nothing to do now."
        />
      )}
      <ChangeList title="Failed" changes={failed} />
      <ChangeList title="Conflicts" changes={conflicts} />
      <ChangeList title="Waiting" changes={waiting} />
    </Stack>
  );
}
