import { Anchor, Image, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ClientDetails } from '../../lib/contract/accounts';
import { APP_NAME } from '../route-title';

/** The client's logo, 90 px wide (the specification's constants), linking home; the app's name in text when the client has no logo. */
export function BusinessLogo({ client }: { client: ClientDetails }) {
  return (
    <Anchor component={Link} to="/" underline="never" display="flex" mih={44} style={{ alignItems: 'center' }}>
      {client.business_logo_url ? (
        // 90 px wide (the specification's constants) but never taller than the 60 px top bar: a square logo is scaled inside that box.
        <Image
          src={client.business_logo_url}
          alt={client.name}
          width={90}
          style={{ width: 90, height: 'auto', maxHeight: 52 }}
          fit="contain"
        />
      ) : (
        <Text fw={700} size="lg" c="var(--mantine-color-text)">
          {APP_NAME}
        </Text>
      )}
    </Anchor>
  );
}
