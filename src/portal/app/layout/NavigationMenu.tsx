import { NavLink, ScrollArea, Tooltip } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { CurrentUser } from '../../../lib/contract/accounts';
import { isActivePath, linkIsActive, navigationFor, type NavigationEntry } from './navigation';
import { paths } from '../../../lib/paths';
import { NavEntryLink } from './NavEntryLink';

const GROUP_HEADING_STYLE: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 'var(--mantine-spacing-sm)',
  padding: '0.5rem var(--mantine-spacing-sm) 0.125rem',
  fontSize: 'var(--mantine-font-size-xs)',
  fontWeight: 700,
  textTransform: 'uppercase',
  color: 'var(--mantine-color-dimmed)',
};
const GROUP_LINKS_STYLE: CSSProperties = { paddingInlineStart: 'var(--mantine-spacing-md)' };

interface NavigationMenuProps {
  user: CurrentUser;
  /** Icons only: the folded rail. */
  compact: boolean;
  onNavigate: () => void;
}

function entryIsActive(entry: NavigationEntry, pathname: string): boolean {
  if (entry.to) return isActivePath(pathname, entry.to);
  return entry.links?.some((link) => linkIsActive(pathname, link)) ?? false;
}

export function NavigationMenu({ user, compact, onNavigate }: NavigationMenuProps) {
  const { pathname } = useLocation();
  const entries = navigationFor(user);

  return (
    <ScrollArea component="nav" aria-label="Main navigation" type="auto" style={{ flex: 1 }}>
      {entries.map((entry) => {
        const Icon = entry.icon;
        const active = entryIsActive(entry, pathname);
        if (compact) {
          // The rail shows one icon per entry; a group's icon leads to its first screen.
          const to = entry.to ?? entry.links?.[0]?.to ?? paths.dashboard();
          return (
            <Tooltip key={entry.label} label={entry.label} position="right" withArrow>
              <NavLink
                component={Link}
                to={to}
                aria-label={entry.label}
                aria-current={active ? 'page' : undefined}
                active={active}
                leftSection={<Icon />}
                onClick={onNavigate}
                mih={44}
              />
            </Tooltip>
          );
        }
        if (entry.to) {
          return <NavEntryLink key={entry.label} to={entry.to} label={entry.label} active={active} icon={<Icon />} onClick={onNavigate} />;
        }
        // A group's name is a heading over its links, not a 44 px control that folds them: every entry then fits
        // a 1024x768 or 768x1024 screen without scrolling the sidebar (tests/e2e/shell.spec.ts).
        const headingId = `nav-group-${entry.label}`;
        return (
          <div key={entry.label} role="group" aria-labelledby={headingId}>
            <div id={headingId} style={GROUP_HEADING_STYLE}>
              <Icon width={16} height={16} />
              {entry.label}
            </div>
            <div style={GROUP_LINKS_STYLE}>
              {entry.links?.map((link) => (
                <NavEntryLink key={link.to} to={link.to} label={link.label} active={linkIsActive(pathname, link)} onClick={onNavigate} />
              ))}
            </div>
          </div>
        );
      })}
    </ScrollArea>
  );
}
