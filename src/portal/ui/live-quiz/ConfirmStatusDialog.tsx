import { Group, Modal, Stack, Text } from '@mantine/core';
import { STATUS_LABELS, type QuizStatus } from '../../../lib/quiz-rules';
import { statusConsequence } from './quiz-control';
import { PrimaryAction, SecondaryAction } from '../actions';

interface ConfirmStatusDialogProps {
  quizName: string;
  /** The status asked for; the dialog shows while it is set. */
  status: QuizStatus;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asks before a status change that cannot be taken back: results announced, completed. Used by List
 * Quiz's status select and the control screen's status button alike.
 */
export function ConfirmStatusDialog({ quizName, status, busy, onCancel, onConfirm }: ConfirmStatusDialogProps) {
  return (
    <Modal opened onClose={onCancel} title={`Set ${quizName} to ${STATUS_LABELS[status]}?`} centered>
      <Stack>
        <Text>{statusConsequence(status)}</Text>
        <Text fw={600}>The status cannot go back.</Text>
        <Group justify="flex-end">
          <SecondaryAction onClick={onCancel}>Cancel</SecondaryAction>
          <PrimaryAction loading={busy} onClick={onConfirm}>
            Confirm
          </PrimaryAction>
        </Group>
      </Stack>
    </Modal>
  );
}
