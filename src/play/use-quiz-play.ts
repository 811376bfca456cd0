import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { PLAY_MESSAGES } from '../lib/contract/play-messages';
import { whenBackOnline } from '../lib/server-connection';
import type { OptionLetter } from '../lib/options-codec';
import { playApi } from './api';
import { serverClock } from './clock';
import { device, takeTokenFromAddress } from './device';
import { takeFirstQuiz, takeFirstState } from './first-reads';
import { PlayError } from './http';
import { playConnection } from './connection';
import { followCounts, followQuiz, followTopTen } from './live-hooks';
import { useLiveNode } from '../live/use-live-node';
import { answerQueue } from './page-answer-queue';
import { useAfterPaint, useServerNow } from './parts';
import { deriveScreen, pageReducer, type ChosenAnswer, type PageState } from './screen';

// A quiz played on the phone (docs/decisions.md "Play"): the quiz, the player's session and play state, the live
// nodes it follows and the answers kept on the phone. Every change of the live node, and each moment of the round
// (the question opening, closing, being revealed), reads the play state again; the server decides what the phone
// may see.

/** Spreads a room's phones over this many ms when they all hear the same change. */
const SPREAD_MS = 400;

function initialPage(hash: string): PageState {
  const signedIn = takeTokenFromAddress(window.location, window.history);
  if (signedIn) device.saveSession(hash, { token: signedIn, attempt: null });
  const session = device.session(hash);
  if (!session) return { step: 'loading' };
  return { step: 'playing', quiz: device.quiz(hash), session, state: device.state(hash), message: null };
}

/** The state of a quiz played on this phone, and what the player can do. */
export function useQuizPlay(hash: string) {
  const [page, dispatch] = useReducer(pageReducer, hash, initialPage);
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

  const topTen = topTenNode?.ranking.length ? topTenNode.ranking : (state?.top_ten ?? []);
  return { page, dispatch, quiz, state, screen, now, counts, topTen, loadQuiz, choose, next };
}
