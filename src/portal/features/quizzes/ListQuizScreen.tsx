import { Group, Stack, Text, Title } from '@mantine/core';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../../ui/DataTable';
import { SearchedListFooter } from '../../ui/Pager';
import { SearchBox } from '../../ui/SearchBox';
import { useSearchedPages } from '../../ui/use-searched-pages';
import { PendingDeletes } from '../../ui/PendingDeletes';
import { usePendingDeletes } from '../../store/outbox';
import type { QuizRow } from '../../store/quizzes';
import { useClientProfile, viewerLink } from '../../ui/use-client-profile';
import { useOnline, useSyncStatusValue } from '../../store/sync';
import { listLoading, pullExpected } from '../../store/listed';
import { QUIZZES_PAGE_SIZE, sameQuizEntry, sameQuizEntries, visibleQuizzes, type QuizEntry } from './quiz-rows';
import { OFFLINE_REASON, liveStateOf, quizControls } from '../../ui/live-quiz/quiz-live-state';
import { useAfterFirstPaint } from '../../ui/use-after-first-paint';
import { LIVE_STATE_TEXT, useLiveChannelState, useLiveQuizCountsStore, useLiveQuizNodes } from '../../ui/live-quiz/use-live-channel';
import { useListedQuizzes } from './use-quizzes';
import { paths } from '../../../lib/paths';
import { PrimaryAction } from '../../ui/actions';
import { EmptyState, NoMatchState, NextStepLink } from '../../ui/EmptyState';
import { QuizIcon } from '../../ui/icons';
import { LiveCounts, REASON_ID, quizColumns } from './ListQuizColumns';

/**
 * The shortest a quiz's card gets, in px: eight lines and the actions, about 440 px at any width (more where a name
 * or a date wraps), with room to spare. A phone's screen shows two of them.
 */
const LIST_QUIZ_CARD_HEIGHT = 360;

/** A row's key: its local id, kept through sync. */
const quizKey = (entry: QuizEntry) => entry.row.localId;

/** The title and the add button: the same on every render of the list, so rendered once. */
const ListQuizHeading = memo(function ListQuizHeading() {
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={1}>List Quiz</Title>
      <PrimaryAction component={Link} to={paths.addQuiz()}>
        Add new Quiz
      </PrimaryAction>
    </Group>
  );
});

/**
 * /list-quiz: search, the quizzes table with its live controls, pager and count; read from the mirror,
 * The rows on screen following their live node (docs/decisions.md "Live quiz state") while it is newer than the mirrored row.
 */
export function ListQuizScreen() {
  // Pulled rows and live nodes arrive from outside: their renders may be time-sliced, the search box's not.
  const listed = useDeferredValue(useListedQuizzes());
  const deleted = usePendingDeletes<QuizRow>('quizzes');
  const online = useOnline();
  const loading = listLoading(listed, useSyncStatusValue(pullExpected));
  const viewerAppUrl = useClientProfile()?.viewer_app_url;
  const list = useSearchedPages(listed?.rows, visibleQuizzes, QUIZZES_PAGE_SIZE);
  const { search, setSearch, pageRows } = list;
  // Firebase loads with the live channel: after the first paint, the rows showing the mirror until then.
  const live = useAfterFirstPaint();
  const pageHashes = live ? pageRows.flatMap((row) => (row.quiz_hash ? [row.quiz_hash] : [])) : [];
  const liveNodes = useDeferredValue(useLiveQuizNodes(pageHashes));
  const countsStore = useLiveQuizCountsStore(pageHashes);
  const channel = useLiveChannelState(live);
  const built = useMemo(
    () =>
      pageRows.map((row): QuizEntry => {
        const state = liveStateOf(row, row.quiz_hash ? liveNodes.get(row.quiz_hash) : null);
        return {
          row,
          state,
          controls: quizControls(row, state, online),
          viewerLink: row.quiz_hash ? viewerLink(viewerAppUrl, row.quiz_hash) : null,
        };
      }),
    [pageRows, liveNodes, online, viewerAppUrl],
  );
  // The entries shown last, kept while the new ones would render the same (a sync writing the rows it had, a live
  // node saying what the row says): the memoised table then skips its render, not only its rows'.
  const [kept, setKept] = useState(built);
  const same = kept === built || sameQuizEntries(kept, built);
  // Keeps a page that renders differently (React renders again at once, before anything is committed).
  if (!same) setKept(built);
  const entries = same ? kept : built;

  // The same element while the search is (or is not) empty, so the memoised table does not render again for it.
  const searching = search.trim() !== '';
  const empty = useMemo(
    () =>
      searching ? (
        <NoMatchState title="No quiz matches the search." what="quizzes" onShowAll={() => setSearch('')} />
      ) : (
        <EmptyState
          icon={<QuizIcon />}
          title="No quizzes yet."
          description="Build a quiz from the questions in your bank, then run it live from this list."
          action={<NextStepLink to={paths.addQuiz()}>Create the first quiz</NextStepLink>}
        />
      ),
    [searching, setSearch],
  );

  return (
    <Stack>
      <ListQuizHeading />
      <SearchBox value={search} onChange={setSearch} />
      {!online && (
        <Text id={REASON_ID} c="orange.9" role="status">
          {OFFLINE_REASON}
        </Text>
      )}
      {channel === 'paused' && (
        <Text c="orange.9" role="status">
          {LIVE_STATE_TEXT.paused}: rows show the last state this device knows.
        </Text>
      )}
      {loading ? (
        <Text c="dimmed">Loading quizzes…</Text>
      ) : (
        <LiveCounts.Provider value={countsStore}>
          <DataTable
            label="Quizzes"
            columns={quizColumns}
            rows={entries}
            rowKey={quizKey}
            sameRow={sameQuizEntry}
            empty={empty}
            cardsBelow={1100}
            cardHeight={LIST_QUIZ_CARD_HEIGHT}
          />
          <PendingDeletes what="quizzes" rows={deleted} rowKey={(row) => row.localId} nameOf={(row) => row.name} />
          <SearchedListFooter list={list} pageSize={QUIZZES_PAGE_SIZE} one="quiz" many="quizzes" />
        </LiveCounts.Provider>
      )}
    </Stack>
  );
}
