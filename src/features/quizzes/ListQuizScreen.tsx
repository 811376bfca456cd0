import { ActionIcon, Group, NativeSelect, Popover, rem, Stack, Text, Title } from '@mantine/core';
import { createContext, memo, useContext, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { routeKeyOf } from '../../store/mirror';
import { dayAndTimeZoneText } from '../../lib/date-text';
import { STATUS_LABELS, type QuizStatus } from '../../lib/quiz-rules';
import { CopyLinkButton } from '../../ui/CopyLinkButton';
import { editDeleteColumns } from '../../ui/RowLink';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { countOf, ListFooter } from '../../ui/Pager';
import { SearchBox } from '../../ui/SearchBox';
import { smallLink, smallText } from '../../ui/small-text';
import { useSearchedPages } from '../../ui/use-searched-pages';
import { SyncStateMarker } from '../../ui/SyncStateMarker';
import { PendingDeletes } from '../../ui/PendingDeletes';
import { usePendingDeletes } from '../../store/outbox';
import type { QuizRow } from '../../store/quizzes';
import { useClientProfile, viewerLink } from '../../ui/use-client-profile';
import { useOnline, useSyncStatusValue } from '../../store/sync';
import { listLoading, pullExpected } from '../../store/listed';
import { moveQuizStatus, resetAttemptsOf, stepQuizQuestion } from '../../ui/live-quiz/commands';
import { QUIZZES_PAGE_SIZE, sameQuizEntry, sameQuizEntries, visibleQuizzes, type QuizEntry } from './quiz-rows';
import {
  OFFLINE_REASON,
  liveStateOf,
  playerCountsOf,
  questionCellText,
  quizControls,
  type QuizControls,
} from '../../ui/live-quiz/quiz-live-state';
import { useAfterFirstPaint } from '../../ui/use-after-first-paint';
import {
  LIVE_STATE_TEXT,
  NO_LIVE_NODES,
  useLiveChannelState,
  useLiveNode,
  useLiveQuizCountsStore,
  useLiveQuizNodes,
  type LiveNodeStore,
} from '../../ui/live-quiz/use-live-channel';
import type { LiveQuizCounts } from '../../lib/contract/live';
import { QuizPlayers } from '../../ui/live-quiz/QuizPlayers';
import { ConfirmStatusDialog } from '../../ui/live-quiz/ConfirmStatusDialog';
import { statusNeedsConfirmation } from '../../ui/live-quiz/quiz-control';
import { useListedQuizzes } from './use-quizzes';
import { paths } from '../../lib/paths';
import { DestructiveAction, DestructiveTrigger, PrimaryAction, SecondaryAction } from '../../ui/actions';
import { EmptyState, NoMatchState } from '../../ui/EmptyState';
import { QuizIcon } from '../../ui/icons';

const REASON_ID = 'list-quiz-controls-reason';
/** Points a disabled control at the visible offline reason. */
const reasonOf = (controls: QuizControls) => (controls.disabledReason === OFFLINE_REASON ? REASON_ID : undefined);
/** The stage controls are big enough to hit in a hurry (and at least the 44 px touch target). */
const STAGE_CONTROL = 48;

function ArrowIcon({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      aria-hidden="true"
      focusable="false"
    >
      <path d={direction === 'previous' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

const NA_TEXT = smallText();

/** MANUAL: previous, "n / count", next (enabled only while STARTED within 1..count); other modes: N/A. */
function QuestionCell({ entry }: { entry: QuizEntry }) {
  const { row, state, controls } = entry;
  const [busy, setBusy] = useState(false);
  if (state.mode !== 'MANUAL') return <p {...NA_TEXT}>N/A</p>;
  const step = async (questionNo: number) => {
    if (row.serverId === null) return;
    setBusy(true);
    await stepQuizQuestion({ localId: row.localId, serverId: row.serverId }, questionNo);
    setBusy(false);
  };
  const describedBy = reasonOf(controls);
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        size={STAGE_CONTROL}
        variant="light"
        aria-label={`Previous question of ${row.name}`}
        aria-describedby={describedBy}
        disabled={!controls.previous || busy}
        onClick={() => void step(state.question_no - 1)}
      >
        <ArrowIcon direction="previous" />
      </ActionIcon>
      <Text size="lg" fw={700} miw={40} ta="center">
        {questionCellText(state)}
      </Text>
      <ActionIcon
        size={STAGE_CONTROL}
        variant="light"
        aria-label={`Next question of ${row.name}`}
        aria-describedby={describedBy}
        disabled={!controls.next || busy}
        onClick={() => void step(state.question_no + 1)}
      >
        <ArrowIcon direction="next" />
      </ActionIcon>
    </Group>
  );
}

/**
 * The status dropdown: only the current status and the later ones of the mode's order. A native select: cheap
 * in every row of the table (no floating dropdown to mount), and the phone's own picker on a phone.
 */
function StatusCell({ entry }: { entry: QuizEntry }) {
  const { row, state } = entry;
  const [busy, setBusy] = useState(false);
  // A change that cannot be taken back waits here for the confirmation; the select keeps the current status.
  const [asking, setAsking] = useState<QuizStatus | null>(null);
  const change = async (status: QuizStatus) => {
    if (row.serverId === null || status === state.status) return;
    setBusy(true);
    await moveQuizStatus({ localId: row.localId, serverId: row.serverId }, status);
    setBusy(false);
    setAsking(null);
  };
  const choose = (status: QuizStatus) => {
    if (statusNeedsConfirmation(status)) setAsking(status);
    else void change(status);
  };
  return (
    <>
      {asking && (
        <ConfirmStatusDialog
          quizName={row.name}
          status={asking}
          busy={busy}
          onCancel={() => setAsking(null)}
          onConfirm={() => void change(asking)}
        />
      )}
      <StatusSelect entry={entry} busy={busy} onChoose={choose} />
    </>
  );
}

function StatusSelect({ entry, busy, onChoose }: { entry: QuizEntry; busy: boolean; onChoose: (status: QuizStatus) => void }) {
  const { row, state, controls } = entry;
  return (
    <NativeSelect
      aria-label={`Status of ${row.name}`}
      aria-describedby={reasonOf(controls)}
      data={controls.statuses.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
      value={state.status}
      disabled={controls.disabledReason !== null || busy}
      // The options are the statuses of `controls.statuses`.
      onChange={(event) => onChoose(event.currentTarget.value as QuizStatus)}
      size="md"
      miw={186}
      // Size md keeps the 16 px text (no zoom on focus in a phone's browser); its 42 px height is raised to the 44 px target.
      styles={{ input: { height: 44, minHeight: 44 } }}
    />
  );
}

const HASH_TEXT = smallText({ fontFamily: 'var(--mantine-font-family-monospace)', maxWidth: '7ch' });

/** Quiz Hash with the copy icon (only when a viewer app URL is set); "Copied" shows for 1 second. */
function HashCell({ entry }: { entry: QuizEntry }) {
  const { row, viewerLink } = entry;
  return (
    <Group gap={4} wrap="nowrap">
      {/* Cut short with an ellipsis in the table (whole on a card): the whole hash is its title and its copy link. */}
      <p {...HASH_TEXT} data-truncate="end" title={row.quiz_hash ?? undefined}>
        {row.quiz_hash ?? '—'}
      </p>
      {viewerLink && <CopyLinkButton link={viewerLink} label={`Copy viewer link of ${row.name}`} />}
    </Group>
  );
}

const DAY_OR_TIME_TEXT = smallText({ whiteSpace: 'nowrap' });

/** A start or end time on two lines, the day and the time with its zone, each whole (not five lines). */
function DateTimeCell({ value }: { value: string | null | undefined }) {
  return dayAndTimeZoneText(value).map((part) => (
    <p key={part} {...DAY_OR_TIME_TEXT}>
      {part}
    </p>
  ));
}

/** The live counts of the quizzes on the page, for their Players cells (a store: see useLiveQuizCountsStore). */
const LiveCounts = createContext<LiveNodeStore<LiveQuizCounts>>(NO_LIVE_NODES);

/** Joined and answered, live: renders again on its own quiz's counts, without its row. */
function PlayersCell({ entry }: { entry: QuizEntry }) {
  const { row, state } = entry;
  const counts = useLiveNode(useContext(LiveCounts), row.quiz_hash);
  return <QuizPlayers name={row.name} players={row.quiz_hash ? playerCountsOf(counts, state) : null} layout="cell" />;
}

/**
 * Reset Attempts with its confirmation. The confirmation's popover (a floating-ui instance) is mounted at the
 * first press, not in every row of the table; the button then moves into it, so it gets the focus back first.
 */
function ResetAttemptsCell({ entry }: { entry: QuizEntry }) {
  const { row, controls } = entry;
  const [confirmationMounted, setConfirmationMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirmationMounted) button.current?.focus();
  }, [confirmationMounted]);
  const reset = async () => {
    if (row.serverId === null) return;
    setBusy(true);
    const done = await resetAttemptsOf({ localId: row.localId, serverId: row.serverId });
    setBusy(false);
    if (done) setOpened(false);
  };
  const resetButton = (
    <DestructiveTrigger
      ref={button}
      disabled={!controls.resetAttempts}
      aria-describedby={reasonOf(controls)}
      aria-label={`Reset Attempts of ${row.name}`}
      // Its two words on two lines, with less padding: the widest button of the row otherwise, and List Quiz's
      // table then needs more than 1148 px, what it has at 1440 px beside the sidebar.
      h="auto"
      mih={44}
      px="xs"
      styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2 } }}
      onClick={() => {
        setConfirmationMounted(true);
        setOpened((open) => !open);
      }}
    >
      Reset Attempts
    </DestructiveTrigger>
  );
  if (!confirmationMounted) return resetButton;
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow position="left">
      <Popover.Target>{resetButton}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" maw={260}>
          <Text size="sm">
            Delete all {row.attempts_count ?? 0} attempts of {row.name}?
          </Text>
          <Group gap="xs">
            <SecondaryAction onClick={() => setOpened(false)}>Cancel</SecondaryAction>
            <DestructiveAction loading={busy} onClick={() => void reset()}>
              Reset
            </DestructiveAction>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The name's links, inline-block with 12 px above and below: a 44 px touch target on a card. */
const NAME_LINK = smallLink({ display: 'inline-block', paddingBlock: rem(12) });

const columns: DataTableColumn<QuizEntry>[] = [
  {
    header: 'Name',
    cell: ({ row }) => (
      <>
        {row.name}
        <SyncStateMarker state={row.syncState} />{' '}
        <Link {...NAME_LINK} to={paths.quizControl(routeKeyOf(row))} aria-label={`Control ${row.name}`}>
          Control
        </Link>{' '}
        <Link {...NAME_LINK} to={paths.quizStage(routeKeyOf(row))} aria-label={`Open stage of ${row.name}`}>
          Open stage
        </Link>
      </>
    ),
  },
  { header: 'Questions', cell: (entry) => <QuestionCell entry={entry} />, shrink: true },
  { header: 'Mode', cell: ({ state }) => state.mode, shrink: true },
  { header: 'Status', cell: (entry) => <StatusCell entry={entry} />, shrink: true },
  { header: 'Start Time', cell: ({ row }) => <DateTimeCell value={row.start_date_time} /> },
  { header: 'End Time', cell: ({ row }) => <DateTimeCell value={row.end_date_time} /> },
  { header: 'Quiz Hash', cell: (entry) => <HashCell entry={entry} /> },
  ...editDeleteColumns<QuizEntry>(
    ({ row }) => routeKeyOf(row),
    { edit: paths.editQuiz, remove: paths.deleteQuiz },
    ({ row }) => row.name,
  ),
  { header: 'Players', cell: (entry) => <PlayersCell entry={entry} />, shrink: true },
  { header: 'Reset Attempts', cell: (entry) => <ResetAttemptsCell entry={entry} />, shrink: true, action: true },
];

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
  const {
    search,
    setSearch,
    page: shownPage,
    setPage,
    visible,
    pageRows,
  } = useSearchedPages(listed?.rows, visibleQuizzes, QUIZZES_PAGE_SIZE);
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
          action={
            <PrimaryAction component={Link} to={paths.addQuiz()}>
              Create the first quiz
            </PrimaryAction>
          }
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
            columns={columns}
            rows={entries}
            rowKey={quizKey}
            sameRow={sameQuizEntry}
            empty={empty}
            cardsBelow={1100}
            cardHeight={LIST_QUIZ_CARD_HEIGHT}
          />
          <PendingDeletes what="quizzes" rows={deleted} rowKey={(row) => row.localId} nameOf={(row) => row.name} />
          <ListFooter
            page={shownPage}
            total={visible.length}
            pageSize={QUIZZES_PAGE_SIZE}
            onChange={setPage}
            label="Quizzes pages"
            summary={countOf(visible.length, 'quiz', 'quizzes')}
          />
        </LiveCounts.Provider>
      )}
    </Stack>
  );
}
