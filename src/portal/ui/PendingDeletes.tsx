import { List, Paper, Text } from '@mantine/core';
import { SyncStateMarker } from './SyncStateMarker';

interface PendingDeletesProps<Row> {
  /** What the list holds, e.g. "categories": names the box for screen readers. */
  what: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  nameOf: (row: Row) => string;
}

/**
 * The rows deleted on this device that the server has not been told about yet, under their list, each with the
 * same "Waiting to sync" marker a create or an edit gets; they leave once the delete is synced.
 */
export function PendingDeletes<Row>({ what, rows, rowKey, nameOf }: PendingDeletesProps<Row>) {
  if (rows.length === 0) return null;
  return (
    <Paper p="sm" component="section" aria-label={`Deleted ${what} waiting to sync`}>
      <Text size="sm" fw={600}>
        Deleted on this device
      </Text>
      <List size="sm" listStyleType="none">
        {rows.map((row) => (
          <List.Item key={rowKey(row)}>
            <Text span size="sm" td="line-through">
              {nameOf(row)}
            </Text>
            <SyncStateMarker state="pending" />
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
