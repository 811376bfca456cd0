import { Badge } from '@mantine/core';
import type { SyncState } from '../store/mirror';

const markers: Record<Exclude<SyncState, 'synced'>, { label: string; color: string }> = {
  pending: { label: 'Waiting to sync', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
  conflict: { label: 'Conflict', color: 'orange' },
};

/** Row marker for a change not yet on the server: "Waiting to sync", "Failed" or "Conflict"; nothing once synced. */
export function SyncStateMarker({ state }: { state: SyncState }) {
  if (state === 'synced') return null;
  const { label, color } = markers[state];
  return (
    <Badge color={color} size="sm" ml="xs">
      {label}
    </Badge>
  );
}
