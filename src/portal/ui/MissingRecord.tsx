import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

/** A row the route names is not on this device (deleted, or never synced here), with the way back. */
export function MissingRecord({ what, back, backLabel }: { what: string; back: string; backLabel: string }) {
  return (
    <Stack>
      <Text>This {what} does not exist (any more).</Text>
      <Anchor component={Link} to={back}>
        {backLabel}
      </Anchor>
    </Stack>
  );
}
