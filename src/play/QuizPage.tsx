import { useState } from 'react';
import type { PlayQuiz, PlayState } from '../lib/contract/play';
import type { OptionLetter } from '../lib/options-codec';
import { useOnline } from './connection';
import { device, takeFromAddress } from './device';
import { JoinForm } from './JoinForm';
import { Lobby } from './Lobby';
import { Branding, ErrorMessage, Frame, OfflineNote } from './parts';
import { ResultsScreen, type TopTenRows } from './ResultsScreen';
import { RoundScreen } from './RoundScreen';
import type { Screen } from './screen';
import { useQuizPlay } from './use-quiz-play';

// The quiz pages (docs/decisions.md "Play"): join, then the screens that follow the quiz's live node
// (use-quiz-play.ts).

export function QuizPage({ hash }: { hash: string }) {
  const { page, dispatch, quiz, state, screen, now, counts, topTen, loadQuiz, choose, next } = useQuizPlay(hash);
  // A refused sign-in comes back as #error=… with the server's message, shown on the join form.
  const [signInRefusal] = useState(() => takeFromAddress('error', window.location, window.history));
  const online = useOnline();

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

/** The screen the play state gives: the lobby, a round's screens or the results. */
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
  topTen: TopTenRows;
  onChoose: (question: number, option: OptionLetter) => void;
  onNext: () => void;
}) {
  switch (screen.kind) {
    case 'lobby':
      return <Lobby quiz={quiz} joined={joined} recent={recent} />;
    case 'awaited':
    case 'announced':
    case 'completed':
      return <ResultsScreen screen={screen} state={state} topTen={topTen} />;
    default:
      return <RoundScreen screen={screen} state={state} quiz={quiz} now={now} onChoose={onChoose} onNext={onNext} />;
  }
}
