import type { CreatePayload } from './payloads';

/*
 * Complete payloads for the tests of the offline engine: each test names only the fields it is about.
 * Not used by the app.
 */

/** A question's create, with the fields the contract requires. */
export function aQuestion(
  fields: Partial<CreatePayload<'questions'>> & Pick<CreatePayload<'questions'>, 'category'>,
): CreatePayload<'questions'> {
  return { description: 'Who?', options: 'A: Red, B: Green, C: Blue, D: Yellow', correct_option: 'A', ...fields };
}

/** A quiz's create, with the fields the contract requires. */
export function aQuiz(fields: Partial<CreatePayload<'quizzes'>> = {}): CreatePayload<'quizzes'> {
  return {
    name: 'Quiz',
    mode: 'MANUAL',
    qs_timer: 30,
    before_qs_timer: 5,
    join_code: '1234',
    max_attempt_count: 1,
    start_date_time: '2026-12-01T10:00:00.000Z',
    end_date_time: '2026-12-01T12:00:00.000Z',
    ...fields,
  };
}
