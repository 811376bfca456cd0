import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { DataTableColumn } from './DataTable';
import { anchorLink } from './small-text';
import type { KeyedPath } from '../../lib/paths';

const ROW_LINK_STYLE: CSSProperties = { display: 'inline-flex', alignItems: 'center', minHeight: 44, minWidth: 44 };
// Mantine's <Anchor>'s look on React Router's own link: two in every row of a list, where an Anchor is three
// components more per link resolving its props on every render. small-text.ts says more.
const EDIT_LINK = anchorLink(ROW_LINK_STYLE);
const DELETE_LINK = anchorLink({ ...ROW_LINK_STYLE, color: 'var(--mantine-color-error)' });

/**
 * A table row's Edit/Delete link with a touch target of at least 44 px (mobile first). Delete is in the
 * theme's error colour, a red readable (AA) on the page in both colour schemes.
 */
export function RowLink({ to, label, danger, children }: { to: string; label: string; danger?: boolean; children: ReactNode }) {
  return (
    <Link {...(danger ? DELETE_LINK : EDIT_LINK)} to={to} aria-label={label}>
      {children}
    </Link>
  );
}

/**
 * The Edit and Delete columns a list ends with (the specification's screens): links to the row's edit and delete screens (e.g.
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
