import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PrimaryAction, SecondaryAction } from './actions';
import { SearchIcon } from './icons';

export interface EmptyStateProps {
  /** A decorative outline icon from ./icons. */
  icon?: ReactNode;
  /** What is empty, in the list's words, e.g. "No categories yet.". */
  title: string;
  /** One sentence: what to do next. */
  description?: ReactNode;
  /** The button that does it (a PrimaryAction or SecondaryAction). */
  action?: ReactNode;
}

/**
 * What a list shows when it has no rows: an icon, what is empty, what to do next and the
 * button that does it. Left-aligned and at most about a phone's width: inside a table that scrolls sideways
 * on a phone it stays in the part that shows without scrolling.
 */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Stack gap="xs" align="flex-start" py="md" style={{ maxWidth: 'min(28rem, calc(100vw - 4rem))' }}>
      {icon && (
        <ThemeIcon size={44} aria-hidden="true">
          {icon}
        </ThemeIcon>
      )}
      <Text fw={600}>{title}</Text>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
      {action}
    </Stack>
  );
}

/**
 * A search or filter that leaves no row: says so, and offers the whole list back. The button's name ("Show all
 * categories") differs from the search box's own "Clear search", so each is found by its name alone.
 */
export function NoMatchState({
  title,
  what,
  onShowAll,
  description = 'Try another word, or show the whole list.',
}: {
  title: string;
  /** The list's rows in the plural, e.g. "categories". */
  what: string;
  onShowAll: () => void;
  description?: string;
}) {
  return (
    <EmptyState
      icon={<SearchIcon />}
      title={title}
      description={description}
      action={<SecondaryAction onClick={onShowAll}>Show all {what}</SecondaryAction>}
    />
  );
}

/** An empty state's next step on another screen, e.g. "Create the first poll": a primary button that is a link. */
export function NextStepLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <PrimaryAction component={Link} to={to}>
      {children}
    </PrimaryAction>
  );
}
