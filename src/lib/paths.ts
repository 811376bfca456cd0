/**
 * Every address of the portal, built from one table (the specification's routes). Screens link and navigate with
 * these; src/portal/app/routes.tsx declares its routes with the same builders given the parameter's pattern
 * (`paths.editQuiz(':id')` is `/add-quiz/:id/update`), so a route and its links cannot drift apart.
 * A key is a row's server id, or its local id before sync (store's routeKeyOf).
 */
type Key = string | number;

export const paths = {
  root: () => '/',
  login: () => '/login',
  resetRequest: () => '/reset/password/',
  resetConfirm: (token: string) => `/password/reset/${token}`,
  dashboard: () => '/dashboard',

  addQuiz: () => '/add-quiz',
  editQuiz: (id: Key) => `/add-quiz/${id}/update`,
  deleteQuiz: (id: Key) => `/add-quiz/${id}/delete`,
  listQuiz: () => '/list-quiz',
  quizControl: (id: Key) => `/list-quiz/${id}/control`,
  /** The big screen of a quiz (docs/decisions.md "Stage"): no portal chrome. */
  quizStage: (id: Key) => `/list-quiz/${id}/stage`,

  categories: () => '/add-category',
  editCategory: (id: Key) => `/add-category/${id}/update`,
  deleteCategory: (id: Key) => `/add-category/${id}/delete`,

  addQuestion: () => '/add-question',
  listQuestions: () => '/list-questions',
  editQuestion: (id: Key) => `/list-questions/${id}/update`,
  deleteQuestion: (id: Key) => `/list-questions/${id}/delete`,

  listPolls: () => '/list-polls',
  addPoll: () => '/add-polls',
  editPoll: (id: Key) => `/list-polls/${id}/update`,
  deletePoll: (id: Key) => `/list-polls/${id}/delete`,
  pollStage: (id: Key) => `/list-polls/${id}/stage`,
  editChoice: (pollId: Key, choiceId: Key) => `/list-polls/${pollId}/update/choices/${choiceId}/update`,
  deleteChoice: (pollId: Key, choiceId: Key) => `/list-polls/${pollId}/update/choices/${choiceId}/delete`,

  quizReport: () => '/quiz-report',
  viewersData: () => '/viewers-data',
  setting: () => '/setting',
  sync: () => '/sync',
} as const;

/** A path builder taking one row key (the edit, delete and control screens). */
export type KeyedPath = (id: Key) => string;
