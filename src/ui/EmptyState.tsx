import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

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
 * What a list shows when it has no rows (issue 22 #11): an icon, what is empty, what to do next and the
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
