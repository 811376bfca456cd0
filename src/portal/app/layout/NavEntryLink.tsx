import { NavLink, UnstyledButton } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router-dom';

// Mantine's <NavLink component={Link} mih={44}> as React Router's own link with NavLink's classes and elements: the
// sidebar has thirteen of them, and each NavLink is about ten components (the polymorphic factory, UnstyledButton,
// Box, its sections' and body's Boxes) resolving styles on every render. They were 167 of the 291 components of the
// commit that first shows the portal on a desktop, the offline cold start's longest task.
// NavEntryLink.test.tsx checks the markup against Mantine's NavLink.

const ROOT_CLASS = `mantine-focus-auto ${NavLink.classes.root} mantine-NavLink-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;
const SECTION_CLASS = `${NavLink.classes.section} mantine-NavLink-section`;
const BODY_CLASS = `${NavLink.classes.body} mantine-NavLink-body`;
const LABEL_CLASS = `${NavLink.classes.label} mantine-NavLink-label`;
const DESCRIPTION_CLASS = `${NavLink.classes.description} mantine-NavLink-description`;
/** mih={44}: a touch target at least 44 px tall. */
const ROOT_STYLE: CSSProperties = { minHeight: 'calc(2.75rem * var(--mantine-scale))' };

interface NavEntryLinkProps {
  to: string;
  label: string;
  active: boolean;
  /** The entry's icon, before the label. */
  icon?: ReactNode;
  onClick: () => void;
}

/** A sidebar link to one screen, marked as the current page while that screen shows. */
export function NavEntryLink({ to, label, active, icon, onClick }: NavEntryLinkProps) {
  return (
    <Link
      to={to}
      style={ROOT_STYLE}
      className={ROOT_CLASS}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
    >
      {icon && (
        <span className={SECTION_CLASS} data-position="left">
          {icon}
        </span>
      )}
      <div className={BODY_CLASS}>
        <span className={LABEL_CLASS}>{label}</span>
        <span className={DESCRIPTION_CLASS} data-active={active || undefined} />
      </div>
    </Link>
  );
}
