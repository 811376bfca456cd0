import { Box, Checkbox, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { memo, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useCategoriesByName } from '../../store/categories';
import { routeKeyOf } from '../../store/mirror';
import { deleteQuestions, useListedQuestions } from '../../store/questions';
import { listLoading, pullExpected } from '../../store/listed';
import { useSyncStatusValue } from '../../store/sync';
import { MAX_BULK_DELETE } from '../../../lib/contract/question';
import { OPTION_LETTERS, optionsOfQuestion, type OptionLetter } from '../../../lib/options-codec';
import { questionCsv } from '../../../lib/question-csv';
import { editDeleteColumns } from '../../ui/RowLink';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { notifyDone, notifyError } from '../../ui/notify';
import { pageCount, pageSlice } from '../../ui/page-range';
import { SearchedListFooter } from '../../ui/Pager';
import { SearchBox } from '../../ui/SearchBox';
import { SyncStateMarker } from '../../ui/SyncStateMarker';
import { PendingDeletes } from '../../ui/PendingDeletes';
import { usePendingDeletes } from '../../store/outbox';
import { ImportQuestionsDialog } from './ImportQuestionsDialog';
import { csvQuestionsOf } from './question-import';
import { paths } from '../../../lib/paths';
import { buildSearchIndex, categoryNameOf, categoryNames, QUESTIONS_PAGE_SIZE, searchQuestions, type QuestionRow } from './question-rows';
import { DestructiveAction, DestructiveTrigger, SecondaryAction } from '../../ui/actions';
import { EmptyState, NoMatchState, NextStepLink } from '../../ui/EmptyState';
import { QuestionIcon } from '../../ui/icons';

/**
 * The shortest a question's card gets, in px: its lines (two options at least) and the actions, about 370 px with
 * four options, with room to spare (DataTable's cardHeight).
 */
const QUESTION_CARD_HEIGHT = 280;

/** A checkbox with a 44 px touch area (the label around it takes the tap). */
function SelectBox({
  label,
  checked,
  indeterminate,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Box component="label" display="flex" miw={44} mih={44} style={{ alignItems: 'center', justifyContent: 'center', cursor: 'pointer' }}>
      <Checkbox
        aria-label={label}
        checked={checked}
        indeterminate={indeterminate}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </Box>
  );
}

interface QuestionTableProps {
  rows: readonly QuestionRow[];
  names: ReadonlyMap<string, string>;
  selected: ReadonlySet<string>;
  onSelect: (localIds: readonly string[], checked: boolean) => void;
  empty: ReactNode;
}

/** One page of questions; memoised so typing in the search box re-renders it only when its rows change. */
const QuestionTable = memo(function QuestionTable({ rows, names, selected, onSelect, empty }: QuestionTableProps) {
  const pageIds = rows.map((row) => row.localId);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const columns: DataTableColumn<QuestionRow>[] = [
    {
      header: 'Select',
      shrink: true,
      headerCell: (
        <SelectBox
          label="Select all questions on this page"
          checked={rows.length > 0 && selectedOnPage === rows.length}
          indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
          onChange={(checked) => onSelect(pageIds, checked)}
        />
      ),
      cell: (row) => (
        <SelectBox
          label={`Select ${row.description}`}
          checked={selected.has(row.localId)}
          onChange={(checked) => onSelect([row.localId], checked)}
        />
      ),
    },
    { header: 'Id', shrink: true, cell: (row) => row.serverId ?? '—' },
    {
      header: 'Question',
      cell: (row) => (
        <>
          {row.description}
          <SyncStateMarker state={row.syncState} />
        </>
      ),
    },
    {
      header: 'Options',
      cell: (row) => {
        const options = optionsOfQuestion(row);
        return (
          <Stack gap={0}>
            {OPTION_LETTERS.map((letter) => {
              const text = options[letter.toLowerCase() as Lowercase<OptionLetter>];
              return text ? <Text key={letter} size="sm">{`${letter.toLowerCase()}: ${text}`}</Text> : null;
            })}
          </Stack>
        );
      },
    },
    { header: 'Correct Option', shrink: true, cell: (row) => row.correct_option },
    { header: 'Category', cell: (row) => categoryNameOf(row, names) },
    ...editDeleteColumns<QuestionRow>(routeKeyOf, { edit: paths.editQuestion, remove: paths.deleteQuestion }, (row) => row.description),
  ];
  return (
    <DataTable
      label="Questions"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.localId}
      empty={empty}
      cardsBelow={760}
      cardHeight={QUESTION_CARD_HEIGHT}
    />
  );
});

function downloadCsv(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `questions-${new Date().toISOString().replace(/[:.]/g, '-')}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * /list-questions: search, the paged table with its checkbox column and "Delete Selected (n)", CSV import and
 * export. Read from the mirror and paged here, so it works offline and stays fast with 10,000 questions.
 */
export function ListQuestionsScreen() {
  const listed = useListedQuestions();
  const questions = listed?.rows;
  // A new device's first pull shows "Loading questions…", not "No questions yet." then the pulled rows.
  const loading = listLoading(listed, useSyncStatusValue(pullExpected));
  const deleted = usePendingDeletes<QuestionRow>('questions');
  const categories = useCategoriesByName();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const names = useMemo(() => categoryNames(categories ?? []), [categories]);
  const index = useMemo(() => buildSearchIndex(questions ?? [], names), [questions, names]);
  // The box shows every keystroke at once; the filtering follows as soon as React has time.
  const deferredSearch = useDeferredValue(search);
  const searching = deferredSearch.trim() !== '';
  // Memoised like the table it goes into: a new element on every keystroke would render the page again.
  const empty = useMemo(
    () =>
      searching ? (
        <NoMatchState
          title="No question matches the search."
          what="questions"
          onShowAll={() => {
            setSearch('');
            setPage(1);
          }}
        />
      ) : (
        <EmptyState
          icon={<QuestionIcon />}
          title="No questions yet."
          description="Write questions with four options one by one, or import many at once with Import CSV."
          action={<NextStepLink to={paths.addQuestion()}>Write the first question</NextStepLink>}
        />
      ),
    [searching],
  );
  const visible = useMemo(() => searchQuestions(index, deferredSearch), [index, deferredSearch]);
  const shownPage = Math.min(page, pageCount(visible.length, QUESTIONS_PAGE_SIZE));
  const pageRows = useMemo(() => pageSlice(visible, shownPage, QUESTIONS_PAGE_SIZE), [visible, shownPage]);
  const existing = useMemo(() => new Set((questions ?? []).map((row) => row.localId)), [questions]);
  const chosen = [...selected].filter((localId) => existing.has(localId));

  const select = useMemo(
    () => (localIds: readonly string[], checked: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const localId of localIds) {
          if (checked) next.add(localId);
          else next.delete(localId);
        }
        return next;
      }),
    [],
  );

  const deleteSelected = async () => {
    setDeleting(true);
    try {
      // The server takes at most MAX_BULK_DELETE ids a call.
      for (let start = 0; start < chosen.length; start += MAX_BULK_DELETE) {
        await deleteQuestions(chosen.slice(start, start + MAX_BULK_DELETE));
      }
      setSelected(new Set());
      setConfirmingBulk(false);
      notifyDone(chosen.length === 1 ? '1 question deleted' : `${chosen.length} questions deleted`);
    } catch (error) {
      notifyError(error, 'There was an error!');
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Stack>
      <Title order={1}>List Questions</Title>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <SearchBox
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <Group wrap="wrap">
          {chosen.length > 0 && (
            <DestructiveTrigger onClick={() => setConfirmingBulk(true)}>Delete Selected ({chosen.length})</DestructiveTrigger>
          )}
          <SecondaryAction onClick={() => setImporting(true)}>Import CSV</SecondaryAction>
          <SecondaryAction
            disabled={!questions || questions.length === 0}
            onClick={() =>
              downloadCsv(
                questionCsv(
                  csvQuestionsOf(
                    index.map((entry) => entry.row),
                    names,
                  ),
                ),
              )
            }
          >
            Export CSV
          </SecondaryAction>
        </Group>
      </Group>
      {loading ? (
        <Text c="dimmed">Loading questions…</Text>
      ) : (
        <>
          <QuestionTable rows={pageRows} names={names} selected={selected} onSelect={select} empty={empty} />
          <PendingDeletes what="questions" rows={deleted} rowKey={(row) => row.localId} nameOf={(row) => row.description} />
          <SearchedListFooter list={{ page: shownPage, setPage, visible }} pageSize={QUESTIONS_PAGE_SIZE} one="question" many="questions" />
        </>
      )}
      <Modal
        opened={confirmingBulk}
        onClose={() => setConfirmingBulk(false)}
        title="Delete Selected"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>Are you sure you want to delete {chosen.length === 1 ? 'this question' : `these ${chosen.length} questions`}?</Text>
          <Group justify="flex-end">
            <SecondaryAction onClick={() => setConfirmingBulk(false)}>Cancel</SecondaryAction>
            <DestructiveAction loading={deleting} onClick={() => void deleteSelected()}>
              Delete
            </DestructiveAction>
          </Group>
        </Stack>
      </Modal>
      <ImportQuestionsDialog opened={importing} onClose={() => setImporting(false)} categories={categories ?? []} />
    </Stack>
  );
}
