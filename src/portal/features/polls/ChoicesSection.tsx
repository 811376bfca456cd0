import { Group, Stack, Text, Title } from '@mantine/core';
import { useRef, type RefObject } from 'react';
import { routeKeyOf } from '../../store/mirror';
import { createChoice } from '../../store/polls';
import { BLANK_MESSAGE } from '../../../lib/contract/poll';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { AddNameForm } from '../../ui/AddNameForm';
import { SyncStateMarker } from '../../ui/SyncStateMarker';
import { isChoiceOf, type ChoiceRow, type PollRow } from './poll-rows';
import { PendingDeletes } from '../../ui/PendingDeletes';
import { usePendingDeletes } from '../../store/outbox';
import { RowLink } from '../../ui/RowLink';
import { useChoices } from './use-polls';
import { paths } from '../../../lib/paths';
import { SecondaryAction } from '../../ui/actions';
import { EmptyState } from '../../ui/EmptyState';
import { ChoiceIcon } from '../../ui/icons';

function choiceColumns(poll: PollRow): DataTableColumn<ChoiceRow>[] {
  const pollKey = routeKeyOf(poll);
  return [
    {
      header: 'Name',
      cell: (row) => (
        <>
          {row.name}
          <SyncStateMarker state={row.syncState} />
        </>
      ),
    },
    { header: 'Current Votes', cell: (row) => row.votes ?? 0, shrink: true },
    {
      header: 'Actions',
      shrink: true,
      action: true,
      cell: (row) => (
        <Group gap="md" wrap="nowrap">
          <RowLink to={paths.editChoice(pollKey, routeKeyOf(row))} label={`Edit ${row.name}`}>
            Edit
          </RowLink>
          <RowLink to={paths.deleteChoice(pollKey, routeKeyOf(row))} label={`Delete ${row.name}`} danger>
            Delete
          </RowLink>
        </Group>
      ),
    },
  ];
}

/** The Add Choice form (a required name), also for a poll created offline: the choice waits for its poll. */
function AddChoiceForm({ poll, nameInput }: { poll: PollRow; nameInput: RefObject<HTMLInputElement | null> }) {
  return (
    <AddNameForm
      label="Add choice"
      fieldLabel="Choice name"
      buttonLabel="Add Choice"
      maxLength={255}
      nameInput={nameInput}
      check={(name) => (name.trim() ? { name: name.trim() } : { error: BLANK_MESSAGE })}
      save={(name) => createChoice({ name, votes: 0, question: poll.localId })}
      savedMessage="Choice added"
      failedMessage="The choice could not be added"
    />
  );
}

/** Edit Poll's choices: the Add Choice form and the table (Name, Current Votes, Actions). */
export function ChoicesSection({ poll }: { poll: PollRow }) {
  const choices = useChoices(poll);
  const deleted = usePendingDeletes<ChoiceRow>('pollChoices').filter((row) => isChoiceOf(row, poll));
  const nameInput = useRef<HTMLInputElement>(null);
  return (
    <Stack>
      <Title order={2}>Choices</Title>
      <AddChoiceForm poll={poll} nameInput={nameInput} />
      {choices === undefined ? (
        <Text c="dimmed">Loading choices…</Text>
      ) : (
        <DataTable
          label="Choices"
          columns={choiceColumns(poll)}
          rows={choices}
          rowKey={(row) => row.localId}
          cardsBelow={320}
          empty={
            <EmptyState
              icon={<ChoiceIcon />}
              title="No choices yet."
              description="People vote for choices: name the first one in the form above and press Add Choice."
              action={<SecondaryAction onClick={() => nameInput.current?.focus()}>Name the first choice</SecondaryAction>}
            />
          }
        />
      )}
      <PendingDeletes what="choices" rows={deleted} rowKey={(row) => row.localId} nameOf={(row) => row.name} />
    </Stack>
  );
}
