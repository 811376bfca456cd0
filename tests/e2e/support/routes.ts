// Every route of the specification's screens with the document title it shows, for the shell and layout checks.

export interface PortalRoute {
  path: string;
  title: string;
}

export const PUBLIC_ROUTES: PortalRoute[] = [
  { path: '/', title: 'Login' },
  { path: '/login', title: 'Login' },
  { path: '/reset/password/', title: 'Reset Password' },
  { path: '/password/reset/some-token', title: 'New Password' },
];

export const PRIVATE_ROUTES: PortalRoute[] = [
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/add-quiz', title: 'Add Quiz' },
  { path: '/add-quiz/1/update', title: 'Add Quiz' },
  { path: '/add-quiz/1/delete', title: 'Add Quiz' },
  { path: '/list-quiz', title: 'List Quiz' },
  { path: '/add-category', title: 'Categories' },
  { path: '/add-category/1/update', title: 'Edit Category' },
  { path: '/add-category/1/delete', title: 'Delete Category' },
  { path: '/add-question', title: 'Add Question' },
  { path: '/list-questions', title: 'List Questions' },
  { path: '/list-questions/1/update', title: 'Edit Question' },
  { path: '/list-questions/1/delete', title: 'Delete Question' },
  { path: '/list-polls', title: 'List Polls' },
  { path: '/add-polls', title: 'Add Poll' },
  { path: '/list-polls/1/update', title: 'Edit Poll' },
  { path: '/list-polls/1/delete', title: 'Delete Poll' },
  { path: '/list-polls/1/update/choices/1/update', title: 'Edit Choice' },
  { path: '/list-polls/1/update/choices/1/delete', title: 'Delete Choice' },
  { path: '/quiz-report', title: 'Quiz Report' },
  { path: '/viewers-data', title: 'Viewers Data' },
  { path: '/setting', title: 'Setting' },
];

export const TITLE_SUFFIX = ' · Quiz Portal';
