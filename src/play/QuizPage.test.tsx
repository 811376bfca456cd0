import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerAcknowledgement } from '../lib/contract/answer';
import type { PlayQuiz, PlayState } from '../lib/contract/play';
import { PLAY_MESSAGES } from '../lib/contract/play-messages';
import { startFirstReads } from './first-reads';
import { QuizPage } from './QuizPage';

// The quiz pages in jsdom against a scripted server (fetch) and a scripted live channel (src/live replaced): the
// join form, the lobby, the question, an answer kept on the phone while the network is down, then counted; the
// result; a reload that rejoins the same attempt. The real server and Firebase are in tests/e2e/play.spec.ts.

const live = vi.hoisted(() => {
  const listeners = new Map<string, (value: unknown) => void>();
  const follow = (kind: string) => (hash: string, onValue: (value: unknown) => void) => {
    listeners.set(`${kind}:${hash}`, onValue);
    return () => listeners.delete(`${kind}:${hash}`);
  };
  return {
    listeners,
    module: {
      subscribeQuiz: follow('quiz'),
      subscribeQuizCounts: follow('counts'),
      subscribeQuizTopTen: follow('top'),
      subscribePoll: follow('poll'),
      connectLive: () => new Promise(() => undefined),
      subscribeConnection: () => () => undefined,
    },
  };
});
vi.mock('../live', () => live.module);

const NOW = Date.now();
const QUIZ: PlayQuiz = {
  quiz_hash: 'h1',
  name: 'Friday Quiz',
  description: 'Ten questions about everything',
  status: 'STARTED',
  mode: 'MANUAL',
  time_based: false,
  question_count: 2,
  qs_timer: 30,
  before_qs_timer: 5,
  timer_bw_qs: 0,
  show_count_down: true,
  show_options: true,
  sponsor_name: '',
  sponsor_logo: null,
  start_date_time: '2026-11-25T00:00:00Z',
  end_date_time: '2026-11-26T00:00:00Z',
  join_with: { form: true, social: false, social_label: null },
  join_open: true,
  branding: { business_name: 'Demo Pub', description: 'Quiz night', business_logo: null, background_image: null, mascot_logo: null },
  recent_participant_time: 60,
  server_time: NOW,
};
const QUESTION = {
  id: 42,
  question_no: 1,
  description: 'Capital of France?',
  hint: 'Not Rome',
  image: null,
  options: [
    { letter: 'A' as const, text: 'Paris' },
    { letter: 'B' as const, text: 'Rome' },
    { letter: 'C' as const, text: 'Madrid' },
    { letter: 'D' as const, text: 'Berlin' },
  ],
};

function lobbyState(): PlayState {
  return {
    attempt: { id: 7, score: 0, time_taken: 0, rank: null, status: 'STARTED' },
    quiz: {
      quiz_hash: 'h1',
      status: 'STARTED',
      mode: 'MANUAL',
      time_based: false,
      question_no: 1,
      question_count: 2,
      opened_at: null,
      answer_opens_at: null,
      closes_at: null,
      reveal_at: null,
    },
    question: null,
    my_answer: null,
    last_result: null,
    top_ten: null,
    server_time: NOW,
  };
}

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The server: answers from the current state; answers are refused as "no network" while `offline`. */
function fakeServer() {
  const server = {
    state: lobbyState(),
    offline: false,
    calls: [] as Call[],
    ack: { counted: true, score: 0 } as AnswerAcknowledgement,
    joinRefusal: null as null | { status: number; body: unknown },
    onNext: (current: PlayState): PlayState => current,
    /** While set, reads of the play state wait for it. */
    stateHeld: null as Promise<void> | null,
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = input.replace('/api/v1/play/', '');
    const call = {
      method: init.method ?? 'GET',
      path,
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    server.calls.push(call);
    if (server.offline) throw new TypeError('Failed to fetch');
    const time = { server_time: Date.now() };
    if (path === 'quizzes/h1/') return json(200, { ...QUIZ, ...time });
    if (path === 'quizzes/h1/join') {
      if (server.joinRefusal) return json(server.joinRefusal.status, server.joinRefusal.body);
      return json(201, {
        token: 'tok-1',
        participant: { id: 1, username: 'u', first_name: 'Ada', last_name: 'L', email: 'a@x.io', mobile: '+4412345', created_at: '' },
        attempt: server.state.attempt,
        ...time,
      });
    }
    if (path === 'attempt/') {
      if (server.stateHeld) await server.stateHeld;
      return json(200, { ...server.state, ...time });
    }
    if (path === 'attempt/answers') return json(200, server.ack);
    if (path === 'attempt/next') {
      server.state = server.onNext(server.state);
      return json(200, { ...server.state, ...time });
    }
    return json(404, { detail: 'Not found.' });
  });
  return server;
}

function emitLive(kind: 'quiz' | 'counts', value: unknown) {
  act(() => live.listeners.get(`${kind}:h1`)?.(value));
}

const wait = { timeout: 4000 };

beforeEach(() => {
  localStorage.clear();
  live.listeners.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('QuizPage', () => {
  it("refuses a join with the server's messages, field by field, each said once", async () => {
    const server = fakeServer();
    server.joinRefusal = { status: 400, body: { join_code: [PLAY_MESSAGES.wrongJoinCode], email: ['Enter a valid email address.'] } };
    const user = userEvent.setup();
    render(<QuizPage hash="h1" />);
    await user.type(await screen.findByLabelText('Join code', {}, wait), '12ab34');
    expect(screen.getByLabelText('Join code')).toHaveValue('1234');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PLAY_MESSAGES.wrongJoinCode);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address.');
    // The join code's error is the message above the form: said once, and the field points to it.
    expect(screen.getAllByText(PLAY_MESSAGES.wrongJoinCode)).toHaveLength(1);
    expect(screen.getByLabelText('Join code')).toHaveAccessibleDescription(PLAY_MESSAGES.wrongJoinCode);
    expect(screen.getByLabelText('Join code')).toBeInvalid();
  });

  it('joins, waits in the lobby, answers while offline, then shows it counted and the result; a reload rejoins', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    const view = render(<QuizPage hash="h1" />);
    expect(await screen.findByRole('heading', { name: 'Friday Quiz' }, wait)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Join code'), '1234');
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Mobile'), '+44 1234 5678');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(server.calls.find((call) => call.path === 'quizzes/h1/join')?.body).toEqual({
      join_code: '1234',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      mobile: '+44 1234 5678',
    });

    expect(await screen.findByRole('heading', { name: "You're in!" }, wait)).toBeInTheDocument();
    // The live channel loads once the lobby has painted.
    await waitFor(() => expect(live.listeners.has('counts:h1')).toBe(true), wait);
    emitLive('counts', { joined: 3, question_no: 1, chosen: {}, recent: ['Cai', 'Ben', 'Ada'] });
    expect(screen.getByText('3 players joined')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Just joined' })).toHaveTextContent('CaiBenAda');
    expect(
      server.calls.filter((call) => call.path === 'attempt/').every((call) => call.headers.Authorization === 'Participant tok-1'),
    ).toBe(true);

    // The host opens question 1: the live node changes, the phone reads its state again.
    const opened = Date.now() - 1000;
    server.state = {
      ...server.state,
      quiz: {
        ...server.state.quiz,
        opened_at: opened - 5000,
        answer_opens_at: opened,
        closes_at: opened + 60_000,
        reveal_at: opened + 75_000,
      },
      question: QUESTION,
    };
    emitLive('quiz', { status: 'STARTED', question_no: 1 });
    expect(await screen.findByRole('heading', { name: 'Capital of France?' }, wait)).toBeInTheDocument();
    expect(screen.getByText('Hint: Not Rome')).toBeInTheDocument();

    // The Wi-Fi drops as the player chooses: the answer stays on the phone.
    server.offline = true;
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'A: Paris' }));
    expect(await screen.findByText('Your answer A: Saved on this phone, sending…', {}, wait)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'B: Rome' })).toBeDisabled();
    const sent = server.calls.find((call) => call.path === 'attempt/answers')!;
    const stamp = (sent.body as { chosen_at: number }).chosen_at;
    expect(stamp).toBeGreaterThanOrEqual(before - 1000);
    expect(sent.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The browser still says it is online: the failed request alone makes the phone say the server is out of reach.
    expect(navigator.onLine).toBe(true);
    expect(screen.getByText(/^Offline: this phone keeps your answers/)).toBeInTheDocument();

    // The server answers again: the same answer (same key, same stamp) is sent and counted.
    server.offline = false;
    expect(await screen.findByText('Your answer A: Counted', {}, wait)).toBeInTheDocument();
    expect(screen.queryByText(/^Offline: this phone keeps your answers/)).not.toBeInTheDocument();
    const tries = server.calls.filter((call) => call.path === 'attempt/answers');
    expect(new Set(tries.map((call) => call.headers['Idempotency-Key'])).size).toBe(1);
    expect(new Set(tries.map((call) => (call.body as { chosen_at: number }).chosen_at))).toEqual(new Set([stamp]));

    // The reveal: right, and the points.
    server.state = {
      ...server.state,
      attempt: { ...server.state.attempt, score: 983 },
      my_answer: { question: 42, chosen_option: 'A', chosen_at: stamp, counted: true },
      last_result: { question_no: 1, question: 42, correct_option: 'A', chosen_option: 'A', correct: true, points: 983 },
    };
    emitLive('quiz', { status: 'STARTED', question_no: 1, revealed: true });
    expect(await screen.findByRole('heading', { name: 'Right!' }, wait)).toBeInTheDocument();
    expect(screen.getByText('+983 points')).toBeInTheDocument();

    // A reload (a new page) comes back to the same attempt without the form.
    view.unmount();
    const joins = server.calls.filter((call) => call.path === 'quizzes/h1/join').length;
    render(<QuizPage hash="h1" />);
    expect(await screen.findByRole('heading', { name: 'Right!' }, wait)).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === 'quizzes/h1/join')).toHaveLength(joins);
  });

  it('reads the quiz and the state as the entry starts, and loads the live channel only once the lobby has painted', async () => {
    const server = fakeServer();
    let release = () => {};
    server.stateHeld = new Promise((resolve) => (release = resolve));
    localStorage.setItem('play:quiz:h1:session', JSON.stringify({ token: 'tok-1', attempt: 7 }));
    // What the entry does before the page's own chunk has loaded.
    startFirstReads('h1');
    expect(server.calls.map((call) => call.path)).toEqual(['quizzes/h1/', 'attempt/']);
    render(<QuizPage hash="h1" />);
    expect(await screen.findByText('Loading your place in the quiz…', {}, wait)).toBeInTheDocument();
    // Longer than a frame: the state is not known yet, so nothing of the live channel has started.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(live.listeners.size).toBe(0);

    act(() => release());
    expect(await screen.findByRole('heading', { name: "You're in!" }, wait)).toBeInTheDocument();
    await waitFor(() => expect([...live.listeners.keys()].sort()).toEqual(['counts:h1', 'quiz:h1']), wait);
    // The page used the entry's reads instead of making its own.
    expect(server.calls.filter((call) => call.path === 'quizzes/h1/')).toHaveLength(1);
    expect(server.calls.filter((call) => call.path === 'attempt/')).toHaveLength(1);
    emitLive('counts', { joined: 2, question_no: 1, chosen: {}, recent: ['Ben', 'Ada'] });
    expect(screen.getByText('2 players joined')).toBeInTheDocument();
  });

  it('shows the results, rank and top ten when announced', async () => {
    const server = fakeServer();
    localStorage.setItem('play:quiz:h1:session', JSON.stringify({ token: 'tok-1', attempt: 7 }));
    server.state = {
      ...lobbyState(),
      attempt: { id: 7, score: 1850, time_taken: 12, rank: 2, status: 'RESULT_ANNOUNCED' },
      quiz: { ...lobbyState().quiz, status: 'RESULT_ANNOUNCED' },
      top_ten: [
        { rank: 1, name: 'Bo', score: 1900, time_taken: 10 },
        { rank: 2, name: 'Ada', score: 1850, time_taken: 12 },
      ],
    };
    render(<QuizPage hash="h1" />);
    expect(await screen.findByRole('heading', { name: 'Results' }, wait)).toBeInTheDocument();
    expect(screen.getByText('Your rank').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByRole('table', { name: 'Top ten' })).toHaveTextContent('Bo');
  });

  it("sends the player back to the join form with the server's message when the place ended", async () => {
    localStorage.setItem('play:quiz:h1:session', JSON.stringify({ token: 'gone', attempt: 7 }));
    vi.stubGlobal('fetch', async (input: string) =>
      input.endsWith('attempt/')
        ? new Response(JSON.stringify({ detail: 'Invalid token.' }), { status: 401 })
        : new Response(JSON.stringify({ ...QUIZ, server_time: Date.now() }), { status: 200 }),
    );
    render(<QuizPage hash="h1" />);
    expect(await screen.findByRole('alert', {}, wait)).toHaveTextContent(PLAY_MESSAGES.placeEnded);
    expect(screen.getByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(localStorage.getItem('play:quiz:h1:session')).toBeNull();
  });

  it('goes through a self-paced quiz with Start and Next', async () => {
    const server = fakeServer();
    // Another attempt than the first tests' (the phone's IndexedDB is shared by this file's tests).
    localStorage.setItem('play:quiz:h1:session', JSON.stringify({ token: 'tok-1', attempt: 8 }));
    const selfPaced = { ...lobbyState().quiz, mode: 'AUTO' as const, time_based: false };
    server.state = { ...lobbyState(), attempt: { ...lobbyState().attempt, id: 8 }, quiz: selfPaced };
    server.onNext = (current) => {
      const opened = Date.now();
      return {
        ...current,
        quiz: { ...current.quiz, opened_at: opened, answer_opens_at: opened, closes_at: opened + 30_000, reveal_at: opened + 45_000 },
        question: QUESTION,
      };
    };
    const user = userEvent.setup();
    render(<QuizPage hash="h1" />);
    await user.click(await screen.findByRole('button', { name: 'Start' }, wait));
    expect(await screen.findByRole('heading', { name: 'Capital of France?' }, wait)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'C: Madrid' }));
    expect(await screen.findByText('Your answer C: Counted', {}, wait)).toBeInTheDocument();
    server.state = {
      ...server.state,
      quiz: { ...server.state.quiz, opened_at: null, answer_opens_at: null, closes_at: null, reveal_at: null },
      question: null,
      last_result: { question_no: 1, question: 42, correct_option: 'A', chosen_option: 'C', correct: false, points: 0 },
    };
    emitLive('quiz', { status: 'STARTED', question_no: 1, answered: true });
    expect(await screen.findByRole('heading', { name: 'Wrong' }, wait)).toBeInTheDocument();
    expect(screen.getByText('The answer was A.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next question' })).toBeEnabled();
  });
});
