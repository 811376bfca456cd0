import { QUIZ_FILES, quizDetail, quizSummary, type QuizDetail, type QuizSummary } from '../../lib/contract/quiz';
import type { QuizStatus } from '../../lib/quiz-rules';
import { requestDecoded } from './client';
import { resource, type Resource } from './resource';

export type { QuizDetail, QuizSummary } from '../../lib/contract/quiz';

const base = resource<QuizSummary, QuizDetail>(
  { path: 'api/v1/quiz/', multipart: true, fileFields: QUIZ_FILES },
  { item: quizSummary, one: quizDetail },
);

/**
 * Multipart sends one `questions` part per id, so an empty list would send none and leave the quiz's
 * questions unchanged; the server reads an empty `questions` field as "no questions".
 */
export function withQuestionsField(payload: Record<string, unknown>): Record<string, unknown> {
  return Array.isArray(payload.questions) && payload.questions.length === 0 ? { ...payload, questions: '' } : payload;
}

/**
 * GET/POST /api/v1/quiz/, GET/PATCH/DELETE /api/v1/quiz/{id}/ (the Quiz calls of the API), multipart with each question
 * id appended in order; image and sponsor_logo are sent only when they are files (a string is the stored URL).
 */
export const quizzesApi: Resource<QuizSummary, QuizDetail> = {
  ...base,
  create: (payload, write, client) => base.create(withQuestionsField(payload), write, client),
  update: (id, payload, write, client) => base.update(id, withQuestionsField(payload), write, client),
};

// The live controls (docs/decisions.md "Live quiz state"): REST calls made only online and never queued, since a command replayed
// minutes later would be wrong on stage. Each answers the quiz as it now is.

/** PATCH quiz/{id}/ with a later status (the server refuses going back). */
export function changeQuizStatus(id: number, status: QuizStatus): Promise<QuizDetail> {
  return requestDecoded(quizDetail, `api/v1/quiz/${id}/`, { method: 'patch', json: { status } });
}

/** PATCH quiz/{id}/ with the next or previous question number (MANUAL, while STARTED, within 1..count). */
export function setQuizQuestionNo(id: number, questionNo: number): Promise<QuizDetail> {
  return requestDecoded(quizDetail, `api/v1/quiz/${id}/`, { method: 'patch', json: { question_no: questionNo } });
}

/** PUT quiz-reset-attempts/ as multipart with the quiz id: deletes every attempt of the quiz. */
export function resetQuizAttempts(id: number): Promise<QuizDetail> {
  const body = new FormData();
  body.append('quiz', String(id));
  return requestDecoded(quizDetail, 'api/v1/quiz-reset-attempts/', { method: 'put', body });
}
