import type { ComponentType } from 'react';
import { paths } from '../../lib/paths';
import { nextTask } from '../../lib/next-task';

// The screens whose code loads on demand: their addresses, titles and code, in the first bundle (the routes table,
// routes.tsx, is built from this one and travels in the router's chunk). So the start, before the router's chunk
// is there, can put the screen's title over the spinner and ask for the screen's code together with the router's
// chunk, not after it: one round trip less before a list shows. Kept small: no React Router here.

/** Where a screen is drawn: signed out, signed in full screen (the big screens, docs/decisions.md "Stage"), or in the portal's layout. */
export type ScreenFrame = 'signed-out' | 'full-screen' | 'portal';

export interface LazyScreen {
  /** The route's path, as the router declares it (`:name` for a parameter). */
  path: string;
  /** The document title, and the title over the spinner while the code loads. */
  title: string;
  frame: ScreenFrame;
  load: () => Promise<ComponentType>;
  /** Starts loading the screen's first data while its code loads (a server-paged list's first page). */
  prefetch?: () => void;
}

export const LAZY_SCREENS: readonly LazyScreen[] = [
  {
    path: paths.resetRequest(),
    title: 'Reset Password',
    frame: 'signed-out',
    load: () => import('../session/ResetRequestScreen').then((m) => m.ResetRequestScreen),
  },
  {
    path: paths.resetConfirm(':token'),
    title: 'New Password',
    frame: 'signed-out',
    load: () => import('../session/ResetConfirmScreen').then((m) => m.ResetConfirmScreen),
  },
  {
    path: paths.quizStage(':id'),
    title: 'Stage',
    frame: 'full-screen',
    load: () => import('../features/live-quiz/QuizStageScreen').then((m) => m.QuizStageScreen),
  },
  {
    path: paths.pollStage(':id'),
    title: 'Poll Stage',
    frame: 'full-screen',
    load: () => import('../features/live-quiz/PollStageScreen').then((m) => m.PollStageScreen),
  },
  {
    path: paths.dashboard(),
    title: 'Dashboard',
    frame: 'portal',
    load: () => import('../features/dashboard/DashboardScreen').then((m) => m.DashboardScreen),
  },
  {
    path: paths.addQuiz(),
    title: 'Add Quiz',
    frame: 'portal',
    load: () => import('../features/quizzes/AddQuizScreen').then((m) => m.AddQuizScreen),
  },
  {
    path: paths.editQuiz(':id'),
    title: 'Add Quiz',
    frame: 'portal',
    load: () => import('../features/quizzes/AddQuizScreen').then((m) => m.AddQuizScreen),
  },
  {
    path: paths.deleteQuiz(':id'),
    title: 'Add Quiz',
    frame: 'portal',
    load: () => import('../features/quizzes/DeleteQuizScreen').then((m) => m.DeleteQuizScreen),
  },
  {
    path: paths.listQuiz(),
    title: 'List Quiz',
    frame: 'portal',
    load: () => import('../features/quizzes/ListQuizScreen').then((m) => m.ListQuizScreen),
  },
  {
    path: paths.quizControl(':id'),
    title: 'Control',
    frame: 'portal',
    load: () => import('../features/live-quiz/ControlScreen').then((m) => m.ControlScreen),
  },
  {
    path: paths.categories(),
    title: 'Categories',
    frame: 'portal',
    load: () => import('../features/categories/CategoriesScreen').then((m) => m.CategoriesScreen),
  },
  {
    path: paths.editCategory(':id'),
    title: 'Edit Category',
    frame: 'portal',
    load: () => import('../features/categories/EditCategoryScreen').then((m) => m.EditCategoryScreen),
  },
  {
    path: paths.deleteCategory(':id'),
    title: 'Delete Category',
    frame: 'portal',
    load: () => import('../features/categories/DeleteCategoryScreen').then((m) => m.DeleteCategoryScreen),
  },
  {
    path: paths.addQuestion(),
    title: 'Add Question',
    frame: 'portal',
    load: () => import('../features/questions/AddQuestionScreen').then((m) => m.AddQuestionScreen),
  },
  {
    path: paths.listQuestions(),
    title: 'List Questions',
    frame: 'portal',
    load: () => import('../features/questions/ListQuestionsScreen').then((m) => m.ListQuestionsScreen),
  },
  {
    path: paths.editQuestion(':id'),
    title: 'Edit Question',
    frame: 'portal',
    load: () => import('../features/questions/EditQuestionScreen').then((m) => m.EditQuestionScreen),
  },
  {
    path: paths.deleteQuestion(':id'),
    title: 'Delete Question',
    frame: 'portal',
    load: () => import('../features/questions/DeleteQuestionScreen').then((m) => m.DeleteQuestionScreen),
  },
  {
    path: paths.listPolls(),
    title: 'List Polls',
    frame: 'portal',
    load: () => import('../features/polls/ListPollsScreen').then((m) => m.ListPollsScreen),
  },
  {
    path: paths.addPoll(),
    title: 'Add Poll',
    frame: 'portal',
    load: () => import('../features/polls/AddPollScreen').then((m) => m.AddPollScreen),
  },
  {
    path: paths.editPoll(':id'),
    title: 'Edit Poll',
    frame: 'portal',
    load: () => import('../features/polls/EditPollScreen').then((m) => m.EditPollScreen),
  },
  {
    path: paths.deletePoll(':id'),
    title: 'Delete Poll',
    frame: 'portal',
    load: () => import('../features/polls/DeletePollScreen').then((m) => m.DeletePollScreen),
  },
  {
    path: paths.editChoice(':id', ':choiceId'),
    title: 'Edit Choice',
    frame: 'portal',
    load: () => import('../features/polls/EditChoiceScreen').then((m) => m.EditChoiceScreen),
  },
  {
    path: paths.deleteChoice(':id', ':choiceId'),
    title: 'Delete Choice',
    frame: 'portal',
    load: () => import('../features/polls/DeleteChoiceScreen').then((m) => m.DeleteChoiceScreen),
  },
  {
    path: paths.quizReport(),
    title: 'Quiz Report',
    frame: 'portal',
    load: () => import('../features/reports/QuizReportScreen').then((m) => m.QuizReportScreen),
  },
  {
    path: paths.viewersData(),
    title: 'Viewers Data',
    frame: 'portal',
    load: () => import('../features/viewers/ViewersDataScreen').then((m) => m.ViewersDataScreen),
    prefetch: () => void import('../features/viewers/first-viewers-page').then((m) => m.prefetchFirstViewersPage()),
  },
  {
    path: paths.setting(),
    title: 'Setting',
    frame: 'portal',
    load: () => import('../features/settings/SettingScreen').then((m) => m.SettingScreen),
  },
  { path: paths.sync(), title: 'Sync', frame: 'portal', load: () => import('../features/sync/SyncScreen').then((m) => m.SyncScreen) },
];

/** The sign-in screen's title: / and /login are drawn from the first bundle (shell.tsx) or by the router. */
export const LOGIN_TITLE = 'Login';

export const loadPortalLayout = (): Promise<ComponentType> => import('./layout/PortalLayout').then((m) => m.PortalLayout);

/**
 * A screen's code, with the rest of Mantine's styles (the first bundle has only the sign-in screens' and the
 * loader's): one stylesheet, shared by every screen and cached after the first. The load starts in a task of its
 * own: the router asks for the layout and the screen while it starts, in one task, and each request adds a preload
 * link per chunk, which on a phone costs more than the router itself.
 */
export function loadScreenCode(load: () => Promise<ComponentType>): Promise<ComponentType> {
  return nextTask()
    .then(() => Promise.all([load(), import('./screen-styles.css')]))
    .then(([Component]) => Component);
}

/** A path's segments as the router compares them: case aside, and without empty ones (a trailing slash). */
const segmentsOf = (path: string): string[] => path.toLowerCase().split('/').filter(Boolean);

const PATTERNS = LAZY_SCREENS.map((screen) => ({ screen, segments: segmentsOf(screen.path) }));

/**
 * The lazy screen an address opens, matched as React Router matches these paths (a parameter is one non-empty
 * segment; no two of them match the same address, routes.test.tsx checks it against the router's own matching).
 */
export function lazyScreenAt(pathname: string): LazyScreen | undefined {
  const segments = segmentsOf(pathname);
  return PATTERNS.find(
    (pattern) =>
      pattern.segments.length === segments.length &&
      pattern.segments.every((segment, index) => segment.startsWith(':') || segment === segments[index]),
  )?.screen;
}

/** Whether the address is the sign-in screen's (/ or /login, as the router matches them). */
export function isLoginPath(pathname: string): boolean {
  const path = segmentsOf(pathname).join('/');
  return [paths.root(), paths.login()].some((loginPath) => segmentsOf(loginPath).join('/') === path);
}

/** The title of the screen an address opens, before the router is there (undefined: an unknown address). */
export function startingTitleAt(pathname: string): string | undefined {
  return isLoginPath(pathname) ? LOGIN_TITLE : lazyScreenAt(pathname)?.title;
}

/** The code a screen needs, in the order the router asks for it: the portal's layout first for a portal screen. */
export function codeOf(screen: LazyScreen): Array<() => Promise<ComponentType>> {
  return screen.frame === 'portal' ? [loadPortalLayout, screen.load] : [screen.load];
}

/**
 * Starts loading the code of the screen the address names (its layout too), before the router asks for it: with
 * The router's chunk at the start, and offline from the service worker's cache. The router's
 * own loads then find the modules loading or loaded. A failure is the router's to report, when it asks.
 */
export function preloadScreenAt(pathname: string): void {
  const screen = lazyScreenAt(pathname);
  if (!screen) return;
  for (const load of codeOf(screen)) loadScreenCode(load).catch(() => undefined);
}
