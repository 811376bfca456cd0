import { Anchor, Image, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ClientDetails } from '../../../lib/contract/accounts';
import { APP_NAME } from '../route-title';

interface BusinessLogoProps {
  client: ClientDetails;
  /** The business name from the client's settings (Setting screen), when this device has read them. */
  businessName?: string | null;
}

/**
 * The client's logo, 90 px wide, and the business's name beside it, linking home: a logo alone (a
 * coloured circle) does not tell a host whose portal this is. Without a logo the name stands alone; without a
 * name either, the app's.
 */
export function BusinessLogo({ client, businessName }: BusinessLogoProps) {
  const name = businessName?.trim() || client.name;
  return (
    <Anchor
      component={Link}
      to="/"
      underline="never"
      display="flex"
      mih={44}
      miw={0}
      style={{ alignItems: 'center', gap: 'var(--mantine-spacing-xs)' }}
    >
      {client.business_logo_url && (
        // 90 px wide (the specification's constants) but never taller than the 60 px top bar: a square logo is scaled inside that box.
        <Image
          src={client.business_logo_url}
          alt=""
          width={90}
          style={{ width: 90, height: 'auto', maxHeight: 52, flexShrink: 0 }}
          fit="contain"
        />
      )}
      <Text fw={700} size="lg" c="var(--mantine-color-text)" truncate="end">
        {name || APP_NAME}
      </Text>
    </Anchor>
  );
}
