import type { PlayQuiz, PlayState } from '../lib/contract/play';
import type { OptionLetter } from '../lib/options-codec';
import { answerLine } from './answer-line';
import { Countdown } from './parts';
import type { ChosenAnswer, Screen } from './screen';

// The screens of a round: get ready, the question and its options, time's up, the player's result; and the start
// and end of a self-paced quiz.

/** The screens of a round (screen.ts `deriveScreen`). */
export type RoundScreenKind = Extract<Screen, { kind: 'alert' | 'question' | 'closed' | 'result' | 'finished' | 'start' }>;

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

export function RoundScreen({
  screen,
  state,
  quiz,
  now,
  onChoose,
  onNext,
}: {
  screen: RoundScreenKind;
  state: PlayState;
  quiz: PlayQuiz | null;
  now: number;
  onChoose: (question: number, option: OptionLetter) => void;
  onNext: () => void;
}) {
  const of = `Question ${state.quiz.question_no} of ${state.quiz.question_count}`;
  switch (screen.kind) {
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
  }
}
