import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { DataTableColumn } from './DataTable';
import type { KeyedPath } from '../lib/paths';

/**
 * A table row's Edit/Delete link with a touch target of at least 44 px (mobile first). Delete is in the
 * theme's error colour, a red readable (AA) on the page in both colour schemes.
 */
export function RowLink({ to, label, danger, children }: { to: string; label: string; danger?: boolean; children: ReactNode }) {
  return (
    <Anchor
      component={Link}
      to={to}
      aria-label={label}
      c={danger ? 'var(--mantine-color-error)' : undefined}
      style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, minWidth: 44 }}
    >
      {children}
    </Anchor>
  );
}

/**
 * The Edit and Delete columns a list ends with (spec §2): links to the row's edit and delete screens (e.g.
 * `paths.editCategory` and `paths.deleteCategory` of the row's key), named after the row for screen readers.
 */
export function editDeleteColumns<Row>(
  keyOf: (row: Row) => string,
  screens: { edit: KeyedPath; remove: KeyedPath },
  nameOf: (row: Row) => string,
): DataTableColumn<Row>[] {
  return [
    {
      header: 'Edit',
      shrink: true,
      action: true,
      cell: (row) => (
        <RowLink to={screens.edit(keyOf(row))} label={`Edit ${nameOf(row)}`}>
          Edit
        </RowLink>
      ),
    },
    {
      header: 'Delete',
      shrink: true,
      action: true,
      cell: (row) => (
        <RowLink to={screens.remove(keyOf(row))} label={`Delete ${nameOf(row)}`} danger>
          Delete
        </RowLink>
      ),
    },
  ];
}
