import { Text } from '@mantine/core';

/**
 * What a server-paged list shows while it has no page to show: no connection and nothing kept on this device,
 * the first load running, or a load that failed (its notice says why). `what` names the rows, e.g. "viewers".
 */
export function ServerPageStatus({ what, unreachable, loading }: { what: string; unreachable: boolean; loading: boolean }) {
  if (unreachable) return <Text>{`No connection to the server, and no page of ${what} was kept on this device yet.`}</Text>;
  return <Text c="dimmed">{loading ? `Loading ${what}…` : `The ${what} could not be loaded.`}</Text>;
}
