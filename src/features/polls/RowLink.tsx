import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A table row's Edit/Delete link with a touch target of at least 44 px (mobile first). */
export function RowLink({ to, label, danger, children }: { to: string; label: string; danger?: boolean; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} aria-label={label} c={danger ? 'red.9' : undefined} style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, minWidth: 44 }}>
      {children}
    </Anchor>
  );
}
