import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { savedAgeText } from './saved-age';

/** Says that the list shown is the copy kept from the last visit, how old it is, and what it shows. */
export function SavedPageNotice({ savedAt, children }: { savedAt: number; children?: ReactNode }) {
  return (
    <Alert color="yellow" title="Offline: showing the last loaded page" role="status">
      {savedAgeText(savedAt)}. {children}
    </Alert>
  );
}
