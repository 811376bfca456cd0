import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { listAllAttempts } from '../../api/attempts';
import type { LiveQuizCounts, LiveQuizTopTen } from '../../../lib/contract/live';
import { secondsLeft } from '../../../lib/countdown';
import { OPTION_LETTERS, optionsOfQuestion, type OptionLetter } from '../../../lib/options-codec';
import { canStep } from '../../../lib/quiz-rules';
import { paths } from '../../../lib/paths';
import { subscribeQuiz } from '../../../live';
import { useLiveNode } from '../../../live/use-live-node';
import { useFollowServerId } from '../../store/follow-server-id';
import { useQuestion } from '../../store/questions';
import { quizzesMirror, useQuiz, type QuizRow } from '../../store/quizzes';
import { useOnline } from '../../store/sync';
import { useClickerKeys, type ClickerAction } from '../../ui/live-quiz/clicker-keys';
import { stepQuizQuestion } from '../../ui/live-quiz/commands';
import { useClientProfile, viewerLink } from '../../ui/use-client-profile';
import { JoinPanel, StageFrame } from './StageFrame';
import classes from './stage.module.css';
import { stageStateOf, stageViewOf, topTenOf, type Distribution, type StageQuizState, type StageView } from './stage-view';
import { useQuizCounts, useQuizTopTen, useStageConnection } from './use-stage-live';
import { useFitScale } from './use-fit-scale';
import { useLiveServerClock } from '../../ui/live-quiz/use-live-server-clock';
import { useNow } from '../../ui/use-now';

const lower = (letter: OptionLetter) => letter.toLowerCase() as Lowercase<OptionLetter>;

function Countdown({ until, serverNow, label }: { until: number; serverNow: number; label: string }) {
  const seconds = secondsLeft(until, serverNow);
  return (
    <div className={classes.countdown} role="timer" aria-label={label}>
      {seconds}
    </div>
  );
}

function Ranking({ ranking, label }: { ranking: LiveQuizTopTen['ranking']; label: string }) {
  if (ranking.length === 0) return <p className={classes.muted}>No scores yet.</p>;
  return (
    <ol className={classes.ranking} aria-label={label}>
      {ranking.map((entry) => (
        <li key={`${entry.rank}-${entry.name}`} className={classes.rankRow}>
          <span className={classes.rankNo}>{entry.rank}.</span>
          <span className={classes.rankName}>{entry.name}</span>
          <span className={classes.count}>{entry.score}</span>
        </li>
      ))}
    </ol>
  );
}

function Podium({ ranking }: { ranking: LiveQuizTopTen['ranking'] }) {
  const [first, second, third] = ranking;
  const step = (entry: LiveQuizTopTen['ranking'][number] | undefined, place: 1 | 2 | 3) =>
    entry && (
      <li
        className={`${classes.step} ${classes[`place${place}`]}`}
        aria-label={`Place ${entry.rank}: ${entry.name}, ${entry.score} points`}
      >
        <span className={classes.placeNo}>{entry.rank}</span>
        <span className={classes.placeName}>{entry.name}</span>
        <span className={classes.count}>{entry.score}</span>
      </li>
    );
  return (
    <ol className={classes.podium} aria-label="Podium" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {step(second, 2)}
      {step(first, 1)}
      {step(third, 3)}
    </ol>
  );
}

/** The question with its options (their texts always, show_options or not); the split of answers once revealed. */
function QuestionPanel({ questionKey, distribution }: { questionKey: number | string | null; distribution: Distribution | null }) {
  const question = useQuestion(questionKey);
  if (question === undefined) return null;
  if (question === null) return <p className={classes.muted}>This question is not on this device.</p>;
  const options = optionsOfQuestion(question);
  const image = typeof question.image === 'string' && question.image ? question.image : null;
  return (
    <>
      <p className={classes.question}>{question.description}</p>
      {image && <img className={classes.image} src={image} alt="" />}
      <ul className={classes.options} aria-label="Options">
        {OPTION_LETTERS.filter((letter) => options[lower(letter)] !== '').map((letter) => {
          const count = distribution?.counts[letter] ?? null;
          const correct = distribution?.correct === letter;
          const share = distribution && distribution.total > 0 ? Math.round(((count ?? 0) / distribution.total) * 100) : 0;
          return (
            <li
              key={letter}
              className={`${classes.option} ${correct ? classes.correct : ''}`}
              aria-label={optionLabel(letter, options[lower(letter)], count, correct)}
            >
              <span className={classes.letter}>{letter}</span>
              <span className={classes.optionText}>{options[lower(letter)]}</span>
              {correct && <span aria-hidden>✓</span>}
              {count !== null && <span className={classes.count}>{count}</span>}
              {distribution && <span className={classes.bar} style={{ width: `${share}%` }} />}
            </li>
          );
        })}
      </ul>
    </>
  );
}

function optionLabel(letter: OptionLetter, text: string, count: number | null, correct: boolean): string {
  const chosen = count === null ? '' : `, chosen by ${count}`;
  return `${letter}: ${text}${chosen}${correct ? ', correct answer' : ''}`;
}

/** A panel whose text shrinks as far as needed for its content to fit it (long questions and options, ten rows). */
function FitPanel({ label, side = false, children }: { label: string; side?: boolean; children: ReactNode }) {
  const ref = useFitScale<HTMLElement>();
  return (
    <section ref={ref} className={`${classes.panel} ${side ? classes.sideList : classes.grow} ${classes.fit}`} aria-label={label}>
      {children}
    </section>
  );
}

/** Between questions: the ten best so far, from the attempts (read again at each reveal). */
function useStandings(quiz: QuizRow | null | undefined, revealKey: string | null): LiveQuizTopTen['ranking'] | null {
  const [ranking, setRanking] = useState<{ key: string; ranking: LiveQuizTopTen['ranking'] } | null>(null);
  const serverId = quiz?.serverId ?? null;
  useEffect(() => {
    if (revealKey === null || serverId === null) return undefined;
    const controller = new AbortController();
    listAllAttempts({ quiz: serverId }, controller.signal).then(
      (attempts) =>
        setRanking({
          key: revealKey,
          ranking: topTenOf(
            attempts.map((attempt) => ({
              first_name: attempt.viewer_detail.first_name,
              last_name: attempt.viewer_detail.last_name,
              score: attempt.score,
              time_taken: attempt.time_taken,
            })),
          ),
        }),
      () => undefined,
    );
    return () => controller.abort();
  }, [revealKey, serverId]);
  return ranking && ranking.key === revealKey ? ranking.ranking : null;
}

function Lobby({ quiz, counts, link }: { quiz: QuizRow; counts: LiveQuizCounts | null | undefined; link: string | null }) {
  const joined = counts?.joined ?? 0;
  return (
    <>
      <section className={`${classes.panel} ${classes.grow}`} aria-label="Lobby">
        <h2 className={classes.heading}>{quiz.name}</h2>
        {quiz.description && <p className={classes.muted}>{quiz.description}</p>}
        <p role="status" aria-live="polite" style={{ fontSize: 'max(2rem, 2.6vw)', fontWeight: 700, margin: 0 }}>
          {joined} {joined === 1 ? 'player' : 'players'} joined
        </p>
        {counts && counts.recent.length > 0 && (
          <ul className={classes.names} aria-label="Players joining">
            {counts.recent.map((name, index) => (
              <li key={`${name}-${index}`} className={classes.name}>
                {name}
              </li>
            ))}
          </ul>
        )}
      </section>
      <JoinPanel link={link} joinCode={quiz.join_code} what="quiz" />
    </>
  );
}

function StageBody({
  quiz,
  state,
  view,
  counts,
  serverNow,
  link,
  standings,
}: {
  quiz: QuizRow;
  state: StageQuizState;
  view: StageView;
  counts: LiveQuizCounts | null | undefined;
  serverNow: number;
  link: string | null;
  standings: LiveQuizTopTen['ranking'] | null;
}) {
  const questionKey = quiz.questions[state.question_no - 1] ?? null;
  const of = `Question ${state.question_no} of ${state.question_count}`;
  switch (view.kind) {
    case 'lobby':
      return <Lobby quiz={quiz} counts={counts} link={link} />;
    case 'alert':
      return (
        <section
          className={`${classes.panel} ${classes.grow}`}
          aria-label="Get ready"
          style={{ alignItems: 'center', justifyContent: 'center' }}
        >
          <h2 className={classes.heading}>{of}</h2>
          <p className={classes.muted} style={{ fontSize: 'max(2rem, 2.6vw)', margin: 0 }}>
            Get ready
          </p>
          <Countdown until={view.answerOpensAt} serverNow={serverNow} label="Get ready" />
        </section>
      );
    case 'question':
    case 'closed':
      return (
        <FitPanel label="Question">
          <div className={classes.questionTop}>
            <h2 className={`${classes.heading} ${classes.subheading}`}>{of}</h2>
            {view.kind === 'question' && view.closesAt !== null && (
              <Countdown until={view.closesAt} serverNow={serverNow} label="Time left" />
            )}
            {view.kind === 'closed' && <span className={classes.countdown}>Time is up</span>}
          </div>
          <QuestionPanel questionKey={questionKey} distribution={null} />
          <p className={`${classes.muted} ${classes.answered}`}>
            {counts?.question_no === state.question_no ? counts.answered : 0} answered
          </p>
        </FitPanel>
      );
    case 'revealed':
      return (
        <>
          <FitPanel label="Answers">
            <h2 className={`${classes.heading} ${classes.subheading}`}>{of}: how the room answered</h2>
            <QuestionPanel questionKey={questionKey} distribution={view.distribution} />
          </FitPanel>
          <FitPanel label="Top ten" side>
            <h2 className={`${classes.heading} ${classes.subheading}`}>Top ten</h2>
            {standings ? <Ranking ranking={standings} label="Top ten so far" /> : <p className={classes.muted}>Counting…</p>}
          </FitPanel>
        </>
      );
    case 'awaited':
      return (
        <section className={`${classes.panel} ${classes.grow}`} style={{ alignItems: 'center', justifyContent: 'center' }}>
          <h2 className={classes.heading}>The results are coming…</h2>
        </section>
      );
    case 'podium':
      return (
        <section className={`${classes.panel} ${classes.grow}`} aria-label="Results">
          <h2 className={classes.heading}>And the winners are…</h2>
          <Podium ranking={view.ranking} />
        </section>
      );
    case 'final':
      return (
        <FitPanel label="Final ranking">
          <h2 className={classes.heading}>Final ranking</h2>
          <Ranking ranking={view.ranking} label="Final ranking" />
        </FitPanel>
      );
  }
}

/**
 * /list-quiz/:id/stage: the big screen of a quiz (docs/decisions.md "Stage"). Follows the quiz's live nodes in server
 * time; in MANUAL mode the clicker's keys step the quiz as on the control screen.
 */
export function QuizStageScreen() {
  const { id } = useParams();
  const quiz = useQuiz(id);
  useFollowServerId(quizzesMirror, id, quiz?.serverId, paths.quizStage);
  const hash = quiz?.quiz_hash ?? null;
  const live = useLiveNode(hash, subscribeQuiz);
  const clock = useLiveServerClock();
  const onCounts = useCallback((node: LiveQuizCounts | null) => node && clock.sample(node.sent_at, Date.now()), [clock]);
  const counts = useQuizCounts(hash, onCounts);
  const topTen = useQuizTopTen(hash);
  const connection = useStageConnection();
  const online = useOnline();
  const profile = useClientProfile();
  const state = quiz ? stageStateOf(quiz, live) : null;
  const now = useNow(250, state?.status === 'STARTED');
  const serverNow = clock.serverNow(now);
  const questionKey = quiz && state ? (quiz.questions[state.question_no - 1] ?? null) : null;
  const question = useQuestion(questionKey);
  const view =
    quiz && state
      ? stageViewOf({ state, before_qs_timer: quiz.before_qs_timer, counts, topTen, correctOption: question?.correct_option, serverNow })
      : null;
  const revealKey = view?.kind === 'revealed' && counts ? `${view.questionNo}:${counts.sent_at}` : null;
  const standings = useStandings(quiz, revealKey);

  const [busy, setBusy] = useState(false);
  const step = useCallback(
    (action: ClickerAction) => {
      if (!quiz || quiz.serverId === null || !state || state.mode !== 'MANUAL' || !online || busy || !canStep(state, action)) return;
      setBusy(true);
      const target = state.question_no + (action === 'next' ? 1 : -1);
      void stepQuizQuestion({ localId: quiz.localId, serverId: quiz.serverId }, target).finally(() => setBusy(false));
    },
    [quiz, state, online, busy],
  );
  useClickerKeys(step);

  if (!quiz || !state || !view) {
    return (
      <StageFrame title="Stage" connection={connection}>
        <section className={`${classes.panel} ${classes.grow}`}>
          <p>{quiz === undefined ? 'Loading…' : 'This quiz does not exist (any more).'}</p>
          <Link className={classes.link} to={paths.listQuiz()}>
            Back to the quizzes
          </Link>
        </section>
      </StageFrame>
    );
  }
  const link = quiz.quiz_hash ? viewerLink(profile?.viewer_app_url, quiz.quiz_hash) : null;
  const sponsor =
    quiz.sponsor_name || quiz.sponsor_logo ? (
      <span className={classes.sponsor}>
        {quiz.sponsor_logo && (
          <img
            className={classes.sponsorLogo}
            src={quiz.sponsor_logo}
            alt={quiz.sponsor_name ? `${quiz.sponsor_name} logo` : 'Sponsor logo'}
          />
        )}
        {quiz.sponsor_name && <span>Sponsored by {quiz.sponsor_name}</span>}
      </span>
    ) : null;
  return (
    <StageFrame title={quiz.name} connection={connection} extra={sponsor}>
      <StageBody quiz={quiz} state={state} view={view} counts={counts} serverNow={serverNow} link={link} standings={standings} />
    </StageFrame>
  );
}
