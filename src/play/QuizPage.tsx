import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import type { ParticipantJoinPayload } from '../lib/contract/participant';
import type { PlayQuiz, PlayState } from '../lib/contract/play';
import { PLAY_MESSAGES } from '../lib/contract/play-messages';
import { normaliseJoinCode } from '../lib/quiz-rules';
import { whenBackOnline } from '../lib/server-connection';
import type { OptionLetter } from '../lib/options-codec';
import { playApi } from './api';
import { serverClock } from './clock';
import { device, takeFromAddress, takeTokenFromAddress } from './device';
import { takeFirstQuiz, takeFirstState } from './first-reads';
import { PlayError } from './http';
import { playConnection, useOnline } from './connection';
import { followCounts, followQuiz, followTopTen, useLiveNode } from './live-hooks';
import { answerQueue } from './page-answer-queue';
import { answerLine } from './answer-line';
import { Branding, Countdown, ErrorMessage, Frame, OfflineNote, useAfterPaint, useServerNow } from './parts';
import { deriveScreen, pageReducer, type ChosenAnswer, type PageState, type PlaySession, type Screen } from './screen';

// The quiz pages (docs/decisions.md "Play"): join, then the screens that follow the quiz's live node. Every change of the
// live node, and each moment of the round (the question opening, closing, being revealed), reads the play state
// again; the server decides what the phone may see.

/** Spreads a room's phones over this many ms when they all hear the same change. */
const SPREAD_MS = 400;

function initialPage(hash: string): PageState {
  const signedIn = takeTokenFromAddress(window.location, window.history);
  if (signedIn) device.saveSession(hash, { token: signedIn, attempt: null });
  const session = device.session(hash);
  if (!session) return { step: 'loading' };
  return { step: 'playing', quiz: device.quiz(hash), session, state: device.state(hash), message: null };
}

export function QuizPage({ hash }: { hash: string }) {
  const [page, dispatch] = useReducer(pageReducer, hash, initialPage);
  // A refused sign-in comes back as #error=… with the server's message, shown on the join form.
  const [signInRefusal] = useState(() => takeFromAddress('error', window.location, window.history));
  const online = useOnline();
  const session = page.step === 'playing' ? page.session : null;
  const token = session?.token ?? null;
  const quiz = page.step === 'join' || page.step === 'playing' ? page.quiz : null;

  // The quiz itself (join form, branding, timers' settings); kept for a reload without network.
  const loadQuiz = useCallback(async () => {
    try {
      const loaded = await (takeFirstQuiz(hash) ?? playApi.quiz(hash));
      device.saveQuiz(hash, loaded);
      dispatch({ type: 'quizLoaded', quiz: loaded, session: device.session(hash) });
    } catch (error) {
      const refusal = error instanceof PlayError ? error : new PlayError(0, String(error));
      const cached = device.quiz(hash);
      if (refusal.retryable && cached) dispatch({ type: 'quizLoaded', quiz: cached, session: device.session(hash) });
      else dispatch({ type: 'quizMissing', message: refusal.status === 404 ? PLAY_MESSAGES.unknownQuiz : refusal.message });
    }
  }, [hash]);
  useEffect(() => {
    void loadQuiz();
  }, [loadQuiz]);

  // The play state, read again whenever something may have changed. One read at a time: a read asked for while
  // one runs is made after it, so an older answer never lands after a newer one (two reads served in parallel
  // can finish in either order, whatever their server_time says).
  const reading = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });
  // Whether a read of the play state has ended (answered or failed): the screen it gives has painted by then.
  const [readOnce, setReadOnce] = useState(false);
  const refresh = useCallback(async () => {
    if (!token) return;
    if (reading.current.running) {
      reading.current.again = true;
      return;
    }
    reading.current = { running: true, again: false };
    do {
      reading.current.again = false;
      try {
        const state = await (takeFirstState(hash, token) ?? playApi.state(token));
        device.saveState(hash, state);
        dispatch({ type: 'stateLoaded', state });
      } catch (error) {
        const refusal = error instanceof PlayError ? error : new PlayError(0, String(error));
        if (refusal.status === 401 || refusal.status === 403 || refusal.status === 404) {
          device.saveSession(hash, null);
          dispatch({ type: 'placeEnded', message: refusal.status === 401 ? PLAY_MESSAGES.placeEnded : refusal.message });
          break;
        }
        if (!refusal.retryable) dispatch({ type: 'notice', message: refusal.message });
      }
    } while (reading.current.again);
    reading.current = { running: false, again: false };
    setReadOnce(true);
  }, [hash, token]);
  const spreadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshSoon = useCallback(
    (delay = 0) => {
      if (spreadTimer.current) clearTimeout(spreadTimer.current);
      spreadTimer.current = setTimeout(() => void refresh(), delay + Math.random() * SPREAD_MS);
    },
    [refresh],
  );
  useEffect(() => {
    void refresh();
    // The server answers again after a drop: the round may have moved on meanwhile.
    const backOnline = whenBackOnline(playConnection, () => void refresh());
    return () => {
      backOnline();
      if (spreadTimer.current) clearTimeout(spreadTimer.current);
    };
  }, [refresh]);

  // Save the session once the first state names its attempt (after a sign-in).
  useEffect(() => {
    if (session) device.saveSession(hash, session);
  }, [hash, session]);

  // Firebase and Dexie (the live channel, the answer queue) are most of the player app's weight and its longest
  // tasks: they load once the first screen after joining (the lobby, mostly) has painted, so that the phone's
  // first screen waits for neither their download nor their start-up. The state read just before
  // covers the moment in between: each live node's first value reads it again.
  const started = useAfterPaint(readOnce);

  // Follow the live node: each change means "read the state again".
  const followed = token && started ? hash : null;
  const live = useLiveNode(followed, followQuiz);
  useEffect(() => {
    if (live !== undefined) refreshSoon();
  }, [live, refreshSoon]);
  const counts = useLiveNode(followed, followCounts);

  const state = page.step === 'playing' ? page.state : null;
  const finished = state?.quiz.status === 'RESULT_ANNOUNCED' || state?.quiz.status === 'COMPLETED';
  const topTenNode = useLiveNode(followed && finished ? hash : null, followTopTen);

  // The round's moments: the question opens, closes, is revealed; each is read when it comes.
  const round = state?.quiz;
  useEffect(() => {
    if (!round) return undefined;
    const moments = [round.answer_opens_at, round.closes_at, round.reveal_at].filter((moment): moment is number => moment !== null);
    const timers = moments
      .map((moment) => serverClock.toLocal(moment) - Date.now())
      .filter((wait) => wait > -1000)
      .map((wait) => setTimeout(() => refreshSoon(), Math.max(0, wait) + 50));
    return () => timers.forEach(clearTimeout);
  }, [round, refreshSoon]);

  // The answers kept on this phone for this attempt.
  const [local, setLocal] = useState<ChosenAnswer[]>([]);
  const attempt = session?.attempt ?? null;
  useEffect(() => {
    if (attempt === null || !started) return undefined;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void answerQueue().then((queue) => {
      const read = () =>
        void queue.answersOf(attempt).then((answers) => {
          if (!cancelled)
            setLocal(answers.map((a) => ({ question: a.question, option: a.chosen_option, status: a.state, message: a.message })));
        });
      if (cancelled) return;
      stop = queue.subscribe(read);
      read();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [attempt, started]);

  const screenNeedsClock = !!state && state.quiz.status === 'STARTED' && state.quiz.opened_at !== null;
  const now = useServerNow(screenNeedsClock);
  const screen = useMemo(() => (state ? deriveScreen(state, now, local) : null), [state, now, local]);

  // The counts node carries the round's moments: a reveal before closes_at + 15 s (everyone answered) shows there
  // first. When they differ from the state's, read the state again.
  const countsRevealAt = counts?.reveal_at ?? null;
  const countsOpensAt = counts?.answer_opens_at ?? null;
  const known = state?.quiz;
  const behind =
    !!known &&
    counts?.question_no === known.question_no &&
    ((countsRevealAt !== null && countsRevealAt !== known.reveal_at) ||
      (countsOpensAt !== null && countsOpensAt !== known.answer_opens_at));
  useEffect(() => {
    if (behind) refreshSoon();
  }, [behind, countsRevealAt, countsOpensAt, refreshSoon]);

  // A moment passed but the state read then did not show it yet (the phone's clock estimate is a little ahead, or
  // the read was lost): read again every second until it does.
  const stale =
    !!state &&
    ((screen?.kind === 'alert' && now >= screen.answerOpensAt) ||
      (screen?.kind === 'closed' && state.quiz.reveal_at !== null && now >= state.quiz.reveal_at));
  useEffect(() => {
    if (!stale) return undefined;
    const timer = setInterval(() => void refresh(), 1000);
    return () => clearInterval(timer);
  }, [stale, refresh]);

  const choose = useCallback(
    async (question: number, option: OptionLetter) => {
      if (!session || session.attempt === null) return;
      const chosenAt = serverClock.serverNow();
      const queue = await answerQueue();
      await queue.choose({
        quizHash: hash,
        attempt: session.attempt,
        token: session.token,
        question,
        chosen_option: option,
        chosen_at: chosenAt,
      });
    },
    [hash, session],
  );

  const next = useCallback(async () => {
    if (!token) return;
    try {
      const state = await playApi.next(token);
      device.saveState(hash, state);
      dispatch({ type: 'stateLoaded', state });
    } catch (error) {
      dispatch({ type: 'notice', message: error instanceof Error ? error.message : String(error) });
      await refresh();
    }
  }, [hash, token, refresh]);

  const branding = quiz?.branding ?? null;
  if (page.step === 'loading') {
    return (
      <Frame branding={null}>
        <p role="status">Loading the quiz…</p>
      </Frame>
    );
  }
  if (page.step === 'gone') {
    return (
      <Frame branding={null}>
        <h1>Quiz</h1>
        <ErrorMessage message={page.message} />
        <button type="button" className="secondary" onClick={() => void loadQuiz()}>
          Try again
        </button>
      </Frame>
    );
  }
  if (page.step === 'join') {
    return (
      <Frame branding={branding}>
        <Branding branding={branding} title={page.quiz.name} />
        <OfflineNote online={online} />
        <JoinForm
          quiz={page.quiz}
          hash={hash}
          busy={page.busy}
          message={page.message ?? signInRefusal}
          onJoining={() => dispatch({ type: 'joining' })}
          onRefused={(message) => dispatch({ type: 'joinRefused', message })}
          onJoined={(nextSession) => {
            device.saveSession(hash, nextSession);
            dispatch({ type: 'joined', session: nextSession });
          }}
        />
      </Frame>
    );
  }
  const topTen = topTenNode?.ranking.length ? topTenNode.ranking : (state?.top_ten ?? []);
  return (
    <Frame branding={branding}>
      <Branding branding={branding} title={quiz?.name ?? null} />
      <OfflineNote online={online} />
      <ErrorMessage message={page.message} />
      {!state || !screen ? (
        <p role="status">{online ? 'Loading your place in the quiz…' : 'Waiting for the network…'}</p>
      ) : (
        <QuizScreen
          screen={screen}
          state={state}
          quiz={quiz}
          now={now}
          joined={counts?.joined ?? null}
          recent={counts?.recent ?? []}
          topTen={topTen}
          onChoose={(question, option) => void choose(question, option)}
          onNext={() => void next()}
        />
      )}
    </Frame>
  );
}

function JoinForm({
  quiz,
  hash,
  busy,
  message,
  onJoining,
  onRefused,
  onJoined,
}: {
  quiz: PlayQuiz;
  hash: string;
  busy: boolean;
  message: string | null;
  onJoining: () => void;
  onRefused: (message: string) => void;
  onJoined: (session: PlaySession) => void;
}) {
  const [values, setValues] = useState<ParticipantJoinPayload>({ join_code: '', first_name: '', last_name: '', email: '', mobile: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const closedMessage = quiz.join_open
    ? null
    : ['RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED'].includes(quiz.status)
      ? PLAY_MESSAGES.quizClosed
      : PLAY_MESSAGES.quizInactive;
  const set = (field: keyof ParticipantJoinPayload) => (event: { currentTarget: HTMLInputElement }) => {
    const value = field === 'join_code' ? normaliseJoinCode(event.currentTarget.value) : event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const refused = (error: unknown) => {
    const refusal = error instanceof PlayError ? error : new PlayError(0, String(error));
    const fieldErrors: Record<string, string> = {};
    for (const [field, list] of Object.entries(refusal.fieldErrors)) if (field in values && list[0]) fieldErrors[field] = list[0];
    setErrors(fieldErrors);
    onRefused(refusal.message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server checks every field with the contract's schema and says what is wrong, field by field.
    setErrors({});
    onJoining();
    try {
      const joined = await playApi.join(hash, values);
      onJoined({ token: joined.token, attempt: joined.attempt.id });
    } catch (error) {
      refused(error);
    }
  };

  const social = async () => {
    const code = values.join_code.trim();
    if (!code) {
      setErrors({ join_code: 'Enter the join code first.' });
      return;
    }
    onJoining();
    try {
      const { authorization_url } = await playApi.social(hash, code);
      window.location.assign(authorization_url);
    } catch (error) {
      refused(error);
    }
  };

  const shownAbove = closedMessage ?? message;
  const field = (name: keyof ParticipantJoinPayload, label: string, type: string, autoComplete: string, inputMode?: 'numeric' | 'tel') => {
    // A field's error that is the message above the form is said once, above, and the field points to it.
    const own = errors[name] && errors[name] !== shownAbove ? errors[name] : null;
    const describedBy = own ? `join-${name}-error` : errors[name] ? JOIN_ERROR_ID : undefined;
    return (
      <div className="field">
        <label htmlFor={`join-${name}`}>{label}</label>
        <input
          id={`join-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          value={values[name]}
          onChange={set(name)}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy}
          disabled={busy || !quiz.join_open}
          required={name === 'join_code' || quiz.join_with.form}
          maxLength={name === 'join_code' ? 4 : name === 'email' ? 254 : 150}
        />
        {own ? (
          <p className="field-error" id={`join-${name}-error`}>
            {own}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section aria-labelledby="join-title">
      {quiz.description ? <p>{quiz.description}</p> : null}
      <h2 id="join-title">Join the quiz</h2>
      <ErrorMessage message={shownAbove} id={JOIN_ERROR_ID} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        {field('join_code', 'Join code', 'text', 'off', 'numeric')}
        {quiz.join_with.form ? (
          <>
            {field('first_name', 'First name', 'text', 'given-name')}
            {field('last_name', 'Last name', 'text', 'family-name')}
            {field('email', 'Email', 'email', 'email')}
            {field('mobile', 'Mobile', 'tel', 'tel', 'tel')}
            <button type="submit" className="primary" disabled={busy || !quiz.join_open}>
              {busy ? 'Joining…' : 'Join'}
            </button>
          </>
        ) : null}
      </form>
      {quiz.join_with.social ? (
        <>
          {quiz.join_with.form ? <p className="or">or</p> : null}
          <button type="button" className="secondary" disabled={busy || !quiz.join_open} onClick={() => void social()}>
            Sign in with {quiz.join_with.social_label ?? 'your account'}
          </button>
        </>
      ) : null}
    </section>
  );
}

const JOIN_ERROR_ID = 'join-error';

const STATUS_TEXT: Record<ChosenAnswer['status'], string> = {
  sending: 'Saved on this phone, sending…',
  counted: 'Counted',
  refused: 'Not counted',
};

function AnswerStatus({ chosen }: { chosen: ChosenAnswer | null }) {
  if (!chosen) return null;
  return (
    <p className={`answer-status ${chosen.status}`} role="status">
      Your answer {chosen.option}: {chosen.status === 'refused' && chosen.message ? chosen.message : STATUS_TEXT[chosen.status]}
    </p>
  );
}

function QuizScreen({
  screen,
  state,
  quiz,
  now,
  joined,
  recent,
  topTen,
  onChoose,
  onNext,
}: {
  screen: Screen;
  state: PlayState;
  quiz: PlayQuiz | null;
  now: number;
  joined: number | null;
  recent: readonly string[];
  topTen: ReadonlyArray<{ rank: number; name: string; score: number; time_taken: number }>;
  onChoose: (question: number, option: OptionLetter) => void;
  onNext: () => void;
}) {
  const of = `Question ${state.quiz.question_no} of ${state.quiz.question_count}`;
  switch (screen.kind) {
    case 'lobby':
      return (
        <section aria-labelledby="screen-title" className="lobby">
          <h2 id="screen-title">You're in!</h2>
          <p>Waiting for the quiz to start.</p>
          {/* Its line is kept while the count is unknown (the live channel loads after this screen), so the
              count arriving moves nothing below it; the list of who just joined grows at the end. */}
          <p role="status" className="joined">
            {joined === null ? '' : joined === 1 ? '1 player joined' : `${joined} players joined`}
          </p>
          {quiz?.branding.description ? <p className="muted">{quiz.branding.description}</p> : null}
          {quiz?.branding.mascot_logo ? <img className="mascot" src={quiz.branding.mascot_logo} alt="" /> : null}
          {quiz?.sponsor_name ? <p className="muted">Sponsored by {quiz.sponsor_name}</p> : null}
          {recent.length > 0 ? (
            <>
              <h3 className="small-title">Just joined</h3>
              <ul className="joiners" aria-label="Just joined">
                {recent.map((name, index) => (
                  <li key={`${index}-${name}`}>{name}</li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      );
    case 'alert':
      return (
        <section aria-labelledby="screen-title" className="alert">
          <h2 id="screen-title">{`Question ${screen.questionNo} of ${state.quiz.question_count}`}</h2>
          <p>Get ready…</p>
          <Countdown until={screen.answerOpensAt} now={now} label="Question starts in" />
        </section>
      );
    case 'question': {
      const { question, chosen } = screen;
      const letterOnly = question.options.every((option) => option.text === null);
      return (
        <section aria-labelledby="screen-title" className="question">
          <p className="muted">{of}</p>
          <h2 id="screen-title">{question.description}</h2>
          {question.hint ? <p className="hint">Hint: {question.hint}</p> : null}
          {question.image ? <img className="question-image" src={question.image} alt="" /> : null}
          {quiz?.show_count_down !== false && screen.closesAt !== null ? (
            <Countdown until={screen.closesAt} now={now} label="Time left" />
          ) : null}
          <div className={letterOnly ? 'options letters' : 'options'} role="group" aria-label="Options">
            {question.options.map((option) => (
              <button
                key={option.letter}
                type="button"
                className={chosen?.option === option.letter ? 'option chosen' : 'option'}
                aria-pressed={chosen?.option === option.letter}
                aria-label={option.text === null ? option.letter : `${option.letter}: ${option.text}`}
                disabled={chosen !== null}
                onClick={() => onChoose(question.id, option.letter)}
              >
                <span className="letter" aria-hidden="true">
                  {option.letter}
                </span>
                {option.text !== null ? <span aria-hidden="true">{option.text}</span> : null}
              </button>
            ))}
          </div>
          <AnswerStatus chosen={chosen} />
        </section>
      );
    }
    case 'closed':
      return (
        <section aria-labelledby="screen-title">
          <h2 id="screen-title">Time's up</h2>
          {screen.chosen ? null : <p>No answer from you for this question.</p>}
          <AnswerStatus chosen={screen.chosen} />
          <p className="muted">The right answer shows in a moment.</p>
        </section>
      );
    case 'result':
    case 'finished': {
      const { result } = screen;
      return (
        <section aria-labelledby="screen-title" className="result">
          {result ? (
            <>
              <h2 id="screen-title" className={result.correct ? 'right' : 'wrong'}>
                {result.correct ? 'Right!' : result.chosen_option ? 'Wrong' : 'No answer'}
              </h2>
              <p className="points">{`+${result.points} points`}</p>
              <p>{answerLine(result)}</p>
              {screen.kind === 'result' && screen.refused ? <AnswerStatus chosen={screen.refused} /> : null}
              <p className="muted">{`Question ${result.question_no} of ${state.quiz.question_count} · Score ${state.attempt.score}`}</p>
            </>
          ) : (
            <h2 id="screen-title">All done</h2>
          )}
          {screen.kind === 'result' && screen.next ? (
            <button type="button" className="primary" onClick={onNext}>
              Next question
            </button>
          ) : null}
          {screen.kind === 'finished' ? <p>You have answered every question. Results come when the quiz ends.</p> : null}
        </section>
      );
    }
    case 'start':
      return (
        <section aria-labelledby="screen-title">
          <h2 id="screen-title">Ready?</h2>
          <p>{`${state.quiz.question_count} questions, ${quiz?.qs_timer ?? ''} seconds each, at your own pace.`}</p>
          <button type="button" className="primary" onClick={onNext}>
            Start
          </button>
        </section>
      );
    case 'awaited':
      return (
        <section aria-labelledby="screen-title">
          <h2 id="screen-title">Waiting for the results…</h2>
          <p>The quiz is over. Your score and rank show here when the results are announced.</p>
        </section>
      );
    case 'announced':
    case 'completed':
      return (
        <section aria-labelledby="screen-title" className="final">
          <h2 id="screen-title">{screen.kind === 'completed' ? 'Final result' : 'Results'}</h2>
          <dl className="score">
            <div>
              <dt>Your score</dt>
              <dd>{state.attempt.score}</dd>
            </div>
            <div>
              <dt>Your rank</dt>
              <dd>{state.attempt.rank ?? '–'}</dd>
            </div>
          </dl>
          {topTen.length > 0 ? (
            <table className="top-ten">
              <caption>Top ten</caption>
              <thead>
                <tr>
                  <th scope="col" className="rank-col">
                    Rank
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col" className="score-col">
                    Score
                  </th>
                </tr>
              </thead>
              <tbody>
                {topTen.map((row, index) => (
                  <tr key={`${row.rank}-${row.name}-${index}`}>
                    <td>{row.rank}</td>
                    <td className="clip">{row.name}</td>
                    <td>{row.score}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </section>
      );
  }
}
