import { useState, type FormEvent } from 'react';
import type { ParticipantJoinPayload } from '../lib/contract/participant';
import type { PlayQuiz } from '../lib/contract/play';
import { PLAY_MESSAGES } from '../lib/contract/play-messages';
import { normaliseJoinCode } from '../lib/quiz-rules';
import { playApi } from './api';
import { PlayError } from './http';
import { ErrorMessage } from './parts';
import type { PlaySession } from './screen';

// The join form: the join code and the player's details, or a sign-in with the quiz's social provider.

const JOIN_ERROR_ID = 'join-error';

export function JoinForm({
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
