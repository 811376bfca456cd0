import { Box, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { statusText } from '../../../lib/status-text';
import { useState } from 'react';
import {
  bulkDeleteAttempts,
  deleteAttempt,
  exportParticipants,
  listAllAttempts,
  listAttempts,
  type Attempt,
  type AttemptQuery,
} from '../../api/attempts';
import { attemptName, attemptsCsv, attemptsCsvFileName } from '../../../lib/attempts-csv';
import { PAGE_SIZE } from '../../../lib/contract/page';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { notifyDone, notifyError } from '../../ui/notify';
import { ListFooter } from '../../ui/Pager';
import { ReportEmptyState, ReportFilterBar, useReportFilters } from '../../ui/ReportFilters';
import { SavedPageNotice } from '../../ui/SavedPageNotice';
import { ServerPageStatus } from '../../ui/ServerPageStatus';
import { useServerPage } from '../../ui/use-server-page';
import { useSyncStatus } from '../../store/sync';
import { ConfirmDialog } from './ConfirmDialog';
import { saveFile } from './save-file';
import { DestructiveTrigger, PrimaryAction, SecondaryAction } from '../../ui/actions';
import { paths } from '../../../lib/paths';
import { EmptyState, NextStepLink } from '../../ui/EmptyState';
import { ReportIcon } from '../../ui/icons';

/** The specification's message for failed deletes and bulk deletes. */
export const DELETE_FAILED_MESSAGE = 'There was an error!';

type PendingDelete = { kind: 'one'; attempt: Attempt } | { kind: 'selected'; ids: number[] } | null;

/** What the kept page was loaded for, in words, so an offline reader knows what they see. */
function savedQueryText(query: AttemptQuery, rows: readonly Attempt[]): string {
  const parts = [query.quiz ? `Quiz: ${rows[0]?.quiz.name ?? query.quiz}` : 'All quizzes'];
  if (query.search?.trim()) parts.push(`Search: “${query.search.trim()}”`);
  parts.push(`Page ${query.page ?? 1}`);
  return parts.join(' · ');
}

function ExportButtons({ quiz, search, online }: { quiz: number | null; search: string; online: boolean }) {
  const [busy, setBusy] = useState<'csv' | 'report' | null>(null);
  const run = async (kind: 'csv' | 'report') => {
    setBusy(kind);
    try {
      if (kind === 'csv') {
        // Every attempt matching the filter and search, not only the page shown: the table's columns without Delete.
        const attempts = await listAllAttempts({ quiz, search });
        saveFile(new Blob([attemptsCsv(attempts)], { type: 'text/csv;charset=utf-8' }), attemptsCsvFileName());
      } else {
        saveFile(await exportParticipants({ quiz, search }), 'report.csv');
      }
    } catch (error) {
      notifyError(error, 'The export could not be made');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={4}>
      <Group wrap="wrap">
        <PrimaryAction onClick={() => void run('csv')} loading={busy === 'csv'} disabled={!online} aria-describedby="csv-export-what">
          CSV Export
        </PrimaryAction>
        <SecondaryAction
          onClick={() => void run('report')}
          loading={busy === 'report'}
          disabled={!online}
          aria-describedby="report-csv-what"
        >
          Download report.csv
        </SecondaryAction>
      </Group>
      {/* Two files, said apart where the host chooses: the table as shown, or the players' contact details too. */}
      <Text size="sm" c="dimmed">
        <span id="csv-export-what">CSV Export: the table's columns.</span>{' '}
        <span id="report-csv-what">report.csv: also each player's email, mobile and start time.</span>
      </Text>
    </Stack>
  );
}

/** /quiz-report: the attempts, server-paged, with the quiz filter, search, exports, deletes and bulk delete. */
export function QuizReportScreen() {
  const { online } = useSyncStatus();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [pendingDelete, setPendingDelete] = useState<PendingDelete>(null);
  const resetPaging = () => {
    setPage(1);
    setSelected(new Set());
  };
  const filters = useReportFilters(resetPaging);
  const { quiz, debouncedSearch } = filters;
  const query: AttemptQuery = { quiz, search: debouncedSearch, page };
  const { data, saved, loading, unreachable, reload } = useServerPage('attempts', query, listAttempts, 'The attempts could not be loaded');
  const rows = data?.results ?? [];
  const total = data?.count ?? 0;
  const canChange = online && !saved;

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.id));

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      if (pendingDelete.kind === 'one') await deleteAttempt(pendingDelete.attempt.id);
      else await bulkDeleteAttempts(pendingDelete.ids);
      const removed = pendingDelete.kind === 'one' ? 1 : pendingDelete.ids.length;
      notifyDone(removed === 1 ? 'Attempt deleted' : `${removed} attempts deleted`);
      setSelected(new Set());
      setPendingDelete(null);
      // The last rows of the last page gone: show the page before.
      if (page > 1 && removed >= rows.length) setPage(page - 1);
      else reload();
    } catch (error) {
      setPendingDelete(null);
      notifyError(error, DELETE_FAILED_MESSAGE);
    }
  };

  const columns: DataTableColumn<Attempt>[] = [
    {
      header: 'Select',
      shrink: true,
      // In a card the box joins Delete at its foot, rather than a line of its own.
      action: true,
      cell: (row) => (
        // The label around the box makes the touch target 44 px; the box keeps its own accessible name.
        <Box
          component="label"
          style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minWidth: 44, minHeight: 44, cursor: 'pointer' }}
        >
          <Checkbox
            aria-label={`Select the attempt of ${attemptName(row)}`}
            checked={selected.has(row.id)}
            disabled={!canChange}
            onChange={(event) => toggle(row.id, event.currentTarget.checked)}
          />
        </Box>
      ),
    },
    { header: 'Name', cell: (row) => attemptName(row) },
    { header: 'Quiz', cell: (row) => row.quiz.name },
    { header: 'Score', cell: (row) => row.score, shrink: true },
    { header: 'Time Taken', cell: (row) => `${row.time_taken} s`, shrink: true },
    { header: 'Rank', cell: (row) => row.rank, shrink: true },
    { header: 'Status', cell: (row) => statusText(row.status), shrink: true },
    {
      header: 'Delete',
      shrink: true,
      action: true,
      cell: (row) => (
        <DestructiveTrigger
          disabled={!canChange}
          aria-label={`Delete the attempt of ${attemptName(row)}`}
          onClick={() => setPendingDelete({ kind: 'one', attempt: row })}
        >
          Delete
        </DestructiveTrigger>
      ),
    },
  ];

  return (
    <Stack>
      <Title order={1}>Quiz Report</Title>
      <ReportFilterBar filters={filters} />
      <Group justify="space-between" wrap="wrap">
        <ExportButtons quiz={quiz} search={debouncedSearch} online={online} />
        {selected.size > 0 && (
          <DestructiveTrigger disabled={!canChange} onClick={() => setPendingDelete({ kind: 'selected', ids: [...selected] })}>
            Delete Selected ({selected.size})
          </DestructiveTrigger>
        )}
      </Group>
      {!online && <Text c="dimmed">Exports and deletes need a connection to the server.</Text>}
      {saved && <SavedPageNotice savedAt={saved.savedAt}>{savedQueryText(saved.query, rows)}</SavedPageNotice>}
      {unreachable || data === undefined ? (
        <ServerPageStatus what="attempts" unreachable={unreachable} loading={loading} />
      ) : (
        <>
          <Checkbox
            label="Select all on this page"
            checked={allOnPage}
            disabled={!canChange || rows.length === 0}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              for (const row of rows) toggle(row.id, on);
            }}
          />
          <DataTable
            label="Attempts"
            columns={columns}
            rows={rows}
            rowKey={(row) => String(row.id)}
            cardsBelow={600}
            compactCards
            empty={
              <ReportEmptyState
                filters={filters}
                one="attempt"
                many="attempts"
                empty={
                  <EmptyState
                    icon={<ReportIcon />}
                    title="No attempts yet."
                    description="Attempts appear here once participants play a quiz: share a quiz's join code or viewer link to start."
                    action={<NextStepLink to={paths.listQuiz()}>Go to the quizzes</NextStepLink>}
                  />
                }
              />
            }
          />
          <ListFooter
            page={saved ? (saved.query.page ?? 1) : page}
            total={total}
            pageSize={PAGE_SIZE}
            onChange={(next) => {
              setPage(next);
              setSelected(new Set());
            }}
            label="Attempts pages"
            summary={`Showing ${rows.length} of ${total} attempts`}
            live
          />
        </>
      )}
      <ConfirmDialog
        opened={pendingDelete !== null}
        title={pendingDelete?.kind === 'selected' ? 'Delete Selected' : 'Delete Attempt'}
        question={
          pendingDelete?.kind === 'selected'
            ? `Are you sure you want to delete the ${pendingDelete.ids.length} selected attempts?`
            : 'Are you sure you want to delete this attempt?'
        }
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
