import { ActionIcon, Group, NativeSelect, Popover, rem, Stack, Text } from '@mantine/core';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { routeKeyOf } from '../../store/mirror';
import { dayAndTimeZoneText } from '../../../lib/date-text';
import { STATUS_LABELS, type QuizStatus } from '../../../lib/quiz-rules';
import { CopyLinkButton } from '../../ui/CopyLinkButton';
import { editDeleteColumns } from '../../ui/RowLink';
import type { DataTableColumn } from '../../ui/DataTable';
import { smallLink, smallText } from '../../ui/small-text';
import { SyncStateMarker } from '../../ui/SyncStateMarker';
import { moveQuizStatus, resetAttemptsOf, stepQuizQuestion } from '../../ui/live-quiz/commands';
import type { QuizEntry } from './quiz-rows';
import { OFFLINE_REASON, playerCountsOf, questionCellText, type QuizControls } from '../../ui/live-quiz/quiz-live-state';
import { NO_LIVE_NODES, useLiveNode, type LiveNodeStore } from '../../ui/live-quiz/use-live-channel';
import type { LiveQuizCounts } from '../../../lib/contract/live';
import { QuizPlayers } from '../../ui/live-quiz/QuizPlayers';
import { ConfirmStatusDialog } from '../../ui/live-quiz/ConfirmStatusDialog';
import { statusNeedsConfirmation } from '../../ui/live-quiz/quiz-control';
import { paths } from '../../../lib/paths';
import { DestructiveAction, DestructiveTrigger, SecondaryAction } from '../../ui/actions';

// List Quiz's columns: the quiz's cells and its live controls (Previous, Next, status, Reset Attempts, Players).

export const REASON_ID = 'list-quiz-controls-reason';
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

/** A row's Previous or Next question button. */
function StepButton({
  direction,
  name,
  describedBy,
  disabled,
  onStep,
}: {
  direction: 'previous' | 'next';
  name: string;
  describedBy: string | undefined;
  disabled: boolean;
  onStep: () => void;
}) {
  return (
    <ActionIcon
      size={STAGE_CONTROL}
      variant="light"
      aria-label={`${direction === 'previous' ? 'Previous' : 'Next'} question of ${name}`}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={onStep}
    >
      <ArrowIcon direction={direction} />
    </ActionIcon>
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
      <StepButton
        direction="previous"
        name={row.name}
        describedBy={describedBy}
        disabled={!controls.previous || busy}
        onStep={() => void step(state.question_no - 1)}
      />
      <Text size="lg" fw={700} miw={40} ta="center">
        {questionCellText(state)}
      </Text>
      <StepButton
        direction="next"
        name={row.name}
        describedBy={describedBy}
        disabled={!controls.next || busy}
        onStep={() => void step(state.question_no + 1)}
      />
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
export const LiveCounts = createContext<LiveNodeStore<LiveQuizCounts>>(NO_LIVE_NODES);

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

export const quizColumns: DataTableColumn<QuizEntry>[] = [
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
