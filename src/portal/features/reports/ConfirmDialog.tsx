import { Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DestructiveAction, SecondaryAction } from '../../ui/actions';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  question: string;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}

/** Asks before an attempt delete: Cancel and Delete (busy while it runs). */
export function ConfirmDialog({ opened, title, question, onCancel, onConfirm }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack>
        <Text>{question}</Text>
        <Group justify="flex-end">
          <SecondaryAction onClick={onCancel}>Cancel</SecondaryAction>
          <DestructiveAction
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
              }
            }}
          >
            Delete
          </DestructiveAction>
        </Group>
      </Stack>
    </Modal>
  );
}
