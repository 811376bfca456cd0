import { NavLink, ScrollArea, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import type { CurrentUser } from '../../lib/contract/accounts';
import { isActivePath, linkIsActive, navigationFor, type NavigationEntry } from './navigation';
import { paths } from '../../lib/paths';

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
          return (
            <NavLink
              key={entry.label}
              component={Link}
              to={entry.to}
              label={entry.label}
              aria-current={active ? 'page' : undefined}
              active={active}
              leftSection={<Icon />}
              onClick={onNavigate}
              mih={44}
            />
          );
        }
        return (
          <NavLink key={entry.label} label={entry.label} leftSection={<Icon />} defaultOpened mih={44}>
            {entry.links?.map((link) => {
              const linkActive = linkIsActive(pathname, link);
              return (
                <NavLink
                  key={link.to}
                  component={Link}
                  to={link.to}
                  label={link.label}
                  aria-current={linkActive ? 'page' : undefined}
                  active={linkActive}
                  onClick={onNavigate}
                  mih={44}
                />
              );
            })}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}
