import { NavLink, ScrollArea, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import type { CurrentUser } from '../../lib/contract/accounts';
import { isActivePath, linkIsActive, navigationFor, type NavigationEntry } from './navigation';
import { paths } from '../../lib/paths';
import { NavEntryLink } from './NavEntryLink';

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
        return (
          <NavLink key={entry.label} label={entry.label} leftSection={<Icon />} defaultOpened mih={44}>
            {entry.links?.map((link) => (
              <NavEntryLink key={link.to} to={link.to} label={link.label} active={linkIsActive(pathname, link)} onClick={onNavigate} />
            ))}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}
