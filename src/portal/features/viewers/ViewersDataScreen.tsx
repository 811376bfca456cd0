import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { listViewers, type ViewerProfile, type ViewerQuery } from '../../api/viewers';
import { PAGE_SIZE } from '../../../lib/contract/page';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { CountedListFooter } from '../../ui/Pager';
import { ReportEmptyState, ReportFilterBar, useReportFilters } from '../../ui/ReportFilters';
import { SavedPageNotice } from '../../ui/SavedPageNotice';
import { ServerPageStatus } from '../../ui/ServerPageStatus';
import { useServerPage } from '../../ui/use-server-page';
import { paths } from '../../../lib/paths';
import { EmptyState, NextStepLink } from '../../ui/EmptyState';
import { ViewersIcon } from '../../ui/icons';
import { VIEWERS_PAGE_KEY } from './first-viewers-page';

const columns: DataTableColumn<ViewerProfile>[] = [
  { header: 'User', cell: (row) => row.user_detail.username },
  { header: 'Full Name', cell: (row) => `${row.user_detail.first_name} ${row.user_detail.last_name}`.trim() || '—' },
  { header: 'Email', cell: (row) => row.user_detail.email || '—' },
  { header: 'Mobile', cell: (row) => row.mobile || '—' },
];

function savedQueryText(query: ViewerQuery): string {
  const parts = [query.quiz ? `Quiz filter on` : 'All quizzes'];
  if (query.search?.trim()) parts.push(`Search: “${query.search.trim()}”`);
  parts.push(`Page ${query.page ?? 1}`);
  return parts.join(' · ');
}

/** /viewers-data: the participants, server-paged, with the quiz filter and search; the last page kept offline. */
export function ViewersDataScreen() {
  const [page, setPage] = useState(1);
  const filters = useReportFilters(() => setPage(1));
  const query: ViewerQuery = { quiz: filters.quiz, search: filters.debouncedSearch, page };
  const { data, saved, loading, unreachable } = useServerPage(VIEWERS_PAGE_KEY, query, listViewers, 'The viewers could not be loaded');
  const rows = data?.results ?? [];
  const total = data?.count ?? 0;

  return (
    <Stack>
      <Title order={1}>Viewers Data</Title>
      <ReportFilterBar filters={filters} />
      {saved && <SavedPageNotice savedAt={saved.savedAt}>{savedQueryText(saved.query)}</SavedPageNotice>}
      {unreachable || data === undefined ? (
        <ServerPageStatus what="viewers" unreachable={unreachable} loading={loading} />
      ) : (
        <>
          <DataTable
            label="Viewers"
            columns={columns}
            rows={rows}
            rowKey={(row) => String(row.id)}
            cardsBelow={640}
            empty={
              <ReportEmptyState
                filters={filters}
                one="viewer"
                many="viewers"
                empty={
                  <EmptyState
                    icon={<ViewersIcon />}
                    title="No viewers yet."
                    description="Participants appear here when they join a quiz with its join code."
                    action={<NextStepLink to={paths.listQuiz()}>Go to the quizzes</NextStepLink>}
                  />
                }
              />
            }
          />
          <CountedListFooter
            page={saved ? (saved.query.page ?? 1) : page}
            total={total}
            pageSize={PAGE_SIZE}
            onChange={setPage}
            one="viewer"
            many="viewers"
          />
        </>
      )}
    </Stack>
  );
}
