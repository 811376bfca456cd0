import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { DestructiveAction, SecondaryAction } from './actions';

interface DeleteConfirmationProps {
  title: string;
  /** The spec's question, e.g. "Are you sure you want to delete this Category Instance?". */
  question: string;
  /** What is about to be deleted (a name), shown under the question. */
  subject?: string;
  onCancel: () => void;
  onDelete: () => Promise<void> | void;
  /** Shown above the buttons, e.g. why the delete cannot go ahead. */
  notice?: ReactNode;
}

/** Delete confirmation screen: the question, Cancel and Delete (Delete disabled while it runs). */
export function DeleteConfirmation({ title, question, subject, onCancel, onDelete, notice }: DeleteConfirmationProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onDelete();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack maw={560}>
      <Title order={1}>{title}</Title>
      <Paper p="md">
        <Stack>
          <Text>{question}</Text>
          {subject && <Text fw={600}>{subject}</Text>}
          {notice}
          <Group>
            <SecondaryAction onClick={onCancel}>Cancel</SecondaryAction>
            <DestructiveAction loading={busy} onClick={() => void confirm()}>
              Delete
            </DestructiveAction>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
