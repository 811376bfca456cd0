import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A table row's Edit/Delete link with a touch target of at least 44 px (mobile first). Delete is in the
 * theme's error colour, a red readable (AA) on the page in both colour schemes.
 */
export function RowLink({ to, label, danger, children }: { to: string; label: string; danger?: boolean; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} aria-label={label} c={danger ? 'var(--mantine-color-error)' : undefined} style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, minWidth: 44 }}>
      {children}
    </Anchor>
  );
}
