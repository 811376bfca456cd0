import { Anchor, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useFollowServerId } from '../../store/follow-server-id';
import { useQuestion } from '../../store/questions';
import { routeKeyOf } from '../../store/mirror';
import { quizzesMirror } from '../../store/quizzes';
import { OPTION_LETTERS, optionsOfQuestion, type OptionLetter } from '../../../lib/options-codec';
import { STATUS_LABELS, canStep, type QuizStatus } from '../../../lib/quiz-rules';
import { subscribeQuiz, subscribeQuizCounts } from '../../../live';
import { useLiveNode } from '../../../live/use-live-node';
import { moveQuizStatus, stepQuizQuestion } from '../../ui/live-quiz/commands';
import { QuizPlayers } from '../../ui/live-quiz/QuizPlayers';
import { ConfirmStatusDialog } from '../../ui/live-quiz/ConfirmStatusDialog';
import { durationText } from '../../../lib/date-text';
import {
  COUNTDOWN_LABELS,
  countdownAt,
  nextStatusOf,
  stageQuestionKey,
  steppingKeysHint,
  statusNeedsConfirmation,
  type ClickerAction,
  type StageQuestion,
} from '../../ui/live-quiz/quiz-control';
import { liveStateOf, playerCountsOf, quizControls } from '../../ui/live-quiz/quiz-live-state';
import { useSyncStatus } from '../../store/sync';
import { LIVE_STATE_TEXT, WAKE_LOCK_TEXT, useLiveChannelState, useScreenWakeLock } from '../../ui/live-quiz/use-live-channel';
import { useLiveServerClock } from '../../ui/live-quiz/use-live-server-clock';
import { useNow } from '../../ui/use-now';
import { useQuiz } from '../../store/quizzes';
import { paths } from '../../../lib/paths';
import { useClickerKeys } from '../../ui/live-quiz/clicker-keys';

const REASON_ID = 'control-reason';
/** Stage buttons for one thumb: far above the 44 px touch target. */
const STAGE_BUTTON = { h: 72, fz: 'xl' } as const;

/** Statuses in which a quiz is live (the Dashboard's "Live now" too): the "Live" badge shows only then. */
const LIVE_STATUSES: ReadonlySet<QuizStatus> = new Set(['ACTIVATED', 'STARTED', 'RESULT_AWAITED']);

/** The badge of a quiz that is not live, instead of the live channel's state. */
function notLiveText(status: QuizStatus): string {
  return status === 'ANNOUNCED' ? 'Not live yet' : 'No longer live';
}

/**
 * The answered count of the quiz's question last seen while it was Started: after that the server's counts say 0
 * (see playerCountsOf), and the control screen keeps telling how many answered.
 */
function useLastAnswered(
  counts: { answered: number; question_no: number } | null | undefined,
  state: { status: QuizStatus; question_no: number } | null,
): number | undefined {
  const [last, setLast] = useState<number | undefined>();
  const seen = state?.status === 'STARTED' && counts && counts.question_no === state.question_no ? counts.answered : undefined;
  // Stored during render (React's "adjusting state when a prop changes"): no effect, no extra paint.
  if (seen !== undefined && seen !== last) setLast(seen);
  return last;
}

/** The question on stage from the mirror (undefined while loading, null when it is not on this device). */
function useStageQuestion(key: number | string | null): StageQuestion | null | undefined {
  return useQuestion(key);
}

/**
 * /list-quiz/:id/control: the quizmaster's phone screen. Follows the live node, steps and moves the
 * status by REST (online only, never queued), counts an AUTO question down in server time, keeps the
 * screen awake and answers a presenter clicker's keys.
 */
export function ControlScreen() {
  const { id } = useParams();
  const quiz = useQuiz(id);
  useFollowServerId(quizzesMirror, id, quiz?.serverId, paths.quizControl);
  const live = useLiveNode(quiz?.quiz_hash ?? null, subscribeQuiz) ?? null;
  const counts = useLiveNode(quiz?.quiz_hash ?? null, subscribeQuizCounts);
  const channel = useLiveChannelState();
  const { online } = useSyncStatus();
  const wakeLock = useScreenWakeLock();
  const clock = useLiveServerClock();
  const [busy, setBusy] = useState(false);
  /** What the server is being asked, said while it answers (a status change takes about a second). */
  const [pending, setPending] = useState<string | null>(null);
  const [asking, setAsking] = useState<QuizStatus | null>(null);

  const state = quiz ? liveStateOf(quiz, live) : null;
  const lastAnswered = useLastAnswered(counts, state);
  const controls = quiz && state ? quizControls(quiz, state, online) : null;
  const question = useStageQuestion(quiz && state ? stageQuestionKey(quiz.questions, state.question_no) : null);
  const counting = state?.mode === 'AUTO' && state.status === 'STARTED' && live !== null;
  const now = useNow(250, counting);
  const countdown = counting && live ? countdownAt(live, quiz?.before_qs_timer ?? 0, clock.serverNow(now)) : null;
  const nextStatus = state ? nextStatusOf(state.mode, state.status) : null;
  // h:mm:ss, not "5966 s".
  const timeLeft = countdown ? durationText(countdown.seconds) : '';

  const run = useCallback(async (command: () => Promise<boolean>, doing: string) => {
    setBusy(true);
    setPending(doing);
    try {
      await command();
    } finally {
      setBusy(false);
      setPending(null);
    }
  }, []);
  const step = useCallback(
    (action: ClickerAction) => {
      if (!quiz || quiz.serverId === null || !state || !controls || busy || !controls[action]) return;
      const controlled = { localId: quiz.localId, serverId: quiz.serverId };
      const target = state.question_no + (action === 'next' ? 1 : -1);
      void run(() => stepQuizQuestion(controlled, target), `Moving to question ${target}…`);
    },
    [quiz, state, controls, busy, run],
  );
  useClickerKeys(step);

  if (!quiz || !state || !controls) {
    return (
      <Stack>
        <Title order={1}>Control</Title>
        {quiz === undefined ? <Text c="dimmed">Loading…</Text> : <Text>This quiz does not exist (any more).</Text>}
        <Anchor component={Link} to={paths.listQuiz()}>
          Back to the quizzes
        </Anchor>
      </Stack>
    );
  }

  const describedBy = controls.disabledReason ? REASON_ID : undefined;
  const moveTo = (status: QuizStatus) => {
    if (quiz.serverId === null) return;
    const controlled = { localId: quiz.localId, serverId: quiz.serverId };
    void run(async () => {
      const done = await moveQuizStatus(controlled, status);
      setAsking(null);
      return done;
    }, `Setting the status to ${STATUS_LABELS[status]}…`);
  };
  const options = question ? optionsOfQuestion(question) : null;
  const liveNow = LIVE_STATUSES.has(state.status);
  const beforeStart = state.status === 'ANNOUNCED' || state.status === 'ACTIVATED';
  return (
    <Stack gap="sm" maw={560} w="100%" mx="auto">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1}>Control</Title>
        {/* Light shades with dark text (autoContrast): white on the filled green, orange or gray is below AA. */}
        <Badge
          size="lg"
          variant="filled"
          color={!liveNow ? 'gray.3' : channel === 'connected' ? 'green.3' : channel === 'paused' ? 'orange.3' : 'gray.3'}
          autoContrast
          role="status"
          aria-live="polite"
        >
          {liveNow ? LIVE_STATE_TEXT[channel] : notLiveText(state.status)}
        </Badge>
      </Group>
      {asking && (
        <ConfirmStatusDialog
          quizName={quiz.name}
          status={asking}
          busy={busy}
          onCancel={() => setAsking(null)}
          onConfirm={() => moveTo(asking)}
        />
      )}
      <Text fw={700} size="lg">
        {quiz.name}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Text>
          Status: <strong>{STATUS_LABELS[state.status]}</strong>
        </Text>
        <Text>· {state.mode}</Text>
      </Group>
      <QuizPlayers name={quiz.name} players={playerCountsOf(counts, state, lastAnswered)} layout="line" />
      {controls.disabledReason && (
        <Text id={REASON_ID} c="orange.9" role="status">
          {controls.disabledReason}
        </Text>
      )}

      <Stack gap={4} aria-label="Current question" role="region">
        <Text size="xl" fw={700}>
          Question {state.question_no} of {state.question_count}
        </Text>
        {countdown && (
          <Text size="xl" fw={700} role="timer" aria-label={COUNTDOWN_LABELS[countdown.phase]}>
            {COUNTDOWN_LABELS[countdown.phase]}
            {countdown.phase !== 'time-up' && `: ${timeLeft}`}
          </Text>
        )}
        {question ? (
          <>
            <Text size="lg">{question.description}</Text>
            {options && (
              <List listStyleType="none" spacing={4}>
                {OPTION_LETTERS.filter((letter) => options[letter.toLowerCase() as Lowercase<OptionLetter>] !== '').map((letter) => (
                  <List.Item key={letter}>
                    <strong>{letter}:</strong> {options[letter.toLowerCase() as Lowercase<OptionLetter>]}
                  </List.Item>
                ))}
              </List>
            )}
          </>
        ) : (
          question === null && <Text c="dimmed">This question is not on this device.</Text>
        )}
      </Stack>

      {state.mode === 'MANUAL' && (
        <Group grow gap="sm" wrap="nowrap">
          <Button
            {...STAGE_BUTTON}
            variant="light"
            aria-describedby={describedBy}
            disabled={!controls.previous || busy}
            onClick={() => step('previous')}
          >
            Previous
          </Button>
          <Button {...STAGE_BUTTON} aria-describedby={describedBy} disabled={!controls.next || busy} onClick={() => step('next')}>
            Next
          </Button>
        </Group>
      )}
      {state.mode === 'MANUAL' && !canStep(state, 'next') && !canStep(state, 'previous') && beforeStart && (
        <Text size="sm" c="dimmed">
          Questions can be stepped while the quiz is Started.
        </Text>
      )}
      {state.mode === 'MANUAL' && !beforeStart && state.status !== 'STARTED' && (
        <Text size="sm" c="dimmed">
          The questions are over: they no longer step.
        </Text>
      )}
      {nextStatus && (
        <Button
          {...STAGE_BUTTON}
          variant="outline"
          aria-describedby={describedBy}
          disabled={controls.disabledReason !== null}
          loading={busy}
          onClick={() => {
            if (statusNeedsConfirmation(nextStatus)) setAsking(nextStatus);
            else moveTo(nextStatus);
          }}
        >
          {`Set status: ${STATUS_LABELS[nextStatus]}`}
        </Button>
      )}
      <Text size="sm" role="status" aria-live="polite">
        {pending}
      </Text>
      <Text size="sm" c="dimmed">
        {WAKE_LOCK_TEXT[wakeLock]}
        {state.mode === 'MANUAL' && state.status === 'STARTED' && ` ${steppingKeysHint('MANUAL')}`}
      </Text>
      <Anchor component={Link} to={paths.quizStage(routeKeyOf(quiz))}>
        Open stage
      </Anchor>
      <Anchor component={Link} to={paths.listQuiz()}>
        Back to the quizzes
      </Anchor>
    </Stack>
  );
}
