import type { ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { LoginScreen } from '../session/LoginScreen';
import { FullScreenLoader } from '../ui/FullScreenLoader';
import { nextTask } from '../ui/next-task';
import { PublicOnly, RequireSession } from './guards';
import { RootLayout, ScreenLoader } from './RootLayout';
import { screenTitleOf, type RouteHandle } from './route-title';
import { paths } from '../lib/paths';

// This table, React Router and what only they use are the router's chunk (router.tsx, loaded by first-screen.ts):
// /login must load fast on a phone (issue 20 §3: 120 kB gzip of JavaScript), so the first bundle holds only the
// sign-in screen, drawn without the router by shell.tsx. The portal layout and every feature screen are loaded
// when their route is first matched (react-router's route `lazy`), so Dexie-heavy lists, the quiz editor, dates
// and drag and drop stay out of both.

type Loaded = Promise<{ Component: ComponentType }>;

/**
 * A route's screen, loaded on first visit from the named export of its module. The load starts in a task of
 * its own: the router asks for the layout and the screen while it starts, in one task, and each request adds
 * a preload link per chunk, which on a phone costs more than the router itself.
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): () => Loaded {
  return () =>
    nextTask()
      // With the rest of Mantine's styles (the first bundle has only the sign-in screens' and the loader's):
      // one stylesheet, shared by every screen and cached after the first.
      .then(() => Promise.all([load(), import('./screen-styles.css')]))
      .then(([module]) => ({ Component: pick(module) }));
}

const titled = (title: string): RouteHandle => ({ title });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: ScreenLoader,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: paths.root(), element: <LoginScreen />, handle: titled('Login') },
          { path: paths.login(), element: <LoginScreen />, handle: titled('Login') },
          {
            path: paths.resetRequest(),
            lazy: screen(
              () => import('../session/ResetRequestScreen'),
              (m) => m.ResetRequestScreen,
            ),
            handle: titled('Reset Password'),
          },
          {
            path: paths.resetConfirm(':token'),
            lazy: screen(
              () => import('../session/ResetConfirmScreen'),
              (m) => m.ResetConfirmScreen,
            ),
            handle: titled('New Password'),
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          // The big screens (decisions §7): signed in, full screen, without the portal's sidebar and top bar.
          {
            path: paths.quizStage(':id'),
            lazy: screen(
              () => import('../features/stage/QuizStageScreen'),
              (m) => m.QuizStageScreen,
            ),
            handle: titled('Stage'),
          },
          {
            path: paths.pollStage(':id'),
            lazy: screen(
              () => import('../features/stage/PollStageScreen'),
              (m) => m.PollStageScreen,
            ),
            handle: titled('Poll Stage'),
          },
          {
            lazy: screen(
              () => import('./layout/PortalLayout'),
              (m) => m.PortalLayout,
            ),
            children: [
              {
                path: paths.dashboard(),
                lazy: screen(
                  () => import('../features/dashboard/DashboardScreen'),
                  (m) => m.DashboardScreen,
                ),
                handle: titled('Dashboard'),
              },
              {
                path: paths.addQuiz(),
                lazy: screen(
                  () => import('../features/quizzes/AddQuizScreen'),
                  (m) => m.AddQuizScreen,
                ),
                handle: titled('Add Quiz'),
              },
              {
                path: paths.editQuiz(':id'),
                lazy: screen(
                  () => import('../features/quizzes/AddQuizScreen'),
                  (m) => m.AddQuizScreen,
                ),
                handle: titled('Add Quiz'),
              },
              {
                path: paths.deleteQuiz(':id'),
                lazy: screen(
                  () => import('../features/quizzes/DeleteQuizScreen'),
                  (m) => m.DeleteQuizScreen,
                ),
                handle: titled('Add Quiz'),
              },
              {
                path: paths.listQuiz(),
                lazy: screen(
                  () => import('../features/quizzes/ListQuizScreen'),
                  (m) => m.ListQuizScreen,
                ),
                handle: titled('List Quiz'),
              },
              {
                path: paths.quizControl(':id'),
                lazy: screen(
                  () => import('../features/quizzes/ControlScreen'),
                  (m) => m.ControlScreen,
                ),
                handle: titled('Control'),
              },
              {
                path: paths.categories(),
                lazy: screen(
                  () => import('../features/categories/CategoriesScreen'),
                  (m) => m.CategoriesScreen,
                ),
                handle: titled('Categories'),
              },
              {
                path: paths.editCategory(':id'),
                lazy: screen(
                  () => import('../features/categories/EditCategoryScreen'),
                  (m) => m.EditCategoryScreen,
                ),
                handle: titled('Edit Category'),
              },
              {
                path: paths.deleteCategory(':id'),
                lazy: screen(
                  () => import('../features/categories/DeleteCategoryScreen'),
                  (m) => m.DeleteCategoryScreen,
                ),
                handle: titled('Delete Category'),
              },
              {
                path: paths.addQuestion(),
                lazy: screen(
                  () => import('../features/questions/AddQuestionScreen'),
                  (m) => m.AddQuestionScreen,
                ),
                handle: titled('Add Question'),
              },
              {
                path: paths.listQuestions(),
                lazy: screen(
                  () => import('../features/questions/ListQuestionsScreen'),
                  (m) => m.ListQuestionsScreen,
                ),
                handle: titled('List Questions'),
              },
              {
                path: paths.editQuestion(':id'),
                lazy: screen(
                  () => import('../features/questions/EditQuestionScreen'),
                  (m) => m.EditQuestionScreen,
                ),
                handle: titled('Edit Question'),
              },
              {
                path: paths.deleteQuestion(':id'),
                lazy: screen(
                  () => import('../features/questions/DeleteQuestionScreen'),
                  (m) => m.DeleteQuestionScreen,
                ),
                handle: titled('Delete Question'),
              },
              {
                path: paths.listPolls(),
                lazy: screen(
                  () => import('../features/polls/ListPollsScreen'),
                  (m) => m.ListPollsScreen,
                ),
                handle: titled('List Polls'),
              },
              {
                path: paths.addPoll(),
                lazy: screen(
                  () => import('../features/polls/AddPollScreen'),
                  (m) => m.AddPollScreen,
                ),
                handle: titled('Add Poll'),
              },
              {
                path: paths.editPoll(':id'),
                lazy: screen(
                  () => import('../features/polls/EditPollScreen'),
                  (m) => m.EditPollScreen,
                ),
                handle: titled('Edit Poll'),
              },
              {
                path: paths.deletePoll(':id'),
                lazy: screen(
                  () => import('../features/polls/DeletePollScreen'),
                  (m) => m.DeletePollScreen,
                ),
                handle: titled('Delete Poll'),
              },
              {
                path: paths.editChoice(':id', ':choiceId'),
                lazy: screen(
                  () => import('../features/polls/EditChoiceScreen'),
                  (m) => m.EditChoiceScreen,
                ),
                handle: titled('Edit Choice'),
              },
              {
                path: paths.deleteChoice(':id', ':choiceId'),
                lazy: screen(
                  () => import('../features/polls/DeleteChoiceScreen'),
                  (m) => m.DeleteChoiceScreen,
                ),
                handle: titled('Delete Choice'),
              },
              {
                path: paths.quizReport(),
                lazy: screen(
                  () => import('../features/reports/QuizReportScreen'),
                  (m) => m.QuizReportScreen,
                ),
                handle: titled('Quiz Report'),
              },
              {
                path: paths.viewersData(),
                lazy: screen(
                  () => import('../features/viewers/ViewersDataScreen'),
                  (m) => m.ViewersDataScreen,
                ),
                handle: titled('Viewers Data'),
              },
              {
                path: paths.setting(),
                lazy: screen(
                  () => import('../features/settings/SettingScreen'),
                  (m) => m.SettingScreen,
                ),
                handle: titled('Setting'),
              },
              {
                path: paths.sync(),
                lazy: screen(
                  () => import('../features/sync/SyncScreen'),
                  (m) => m.SyncScreen,
                ),
                handle: titled('Sync'),
              },
            ],
          },
          { path: '*', element: <Navigate to={paths.dashboard()} replace /> },
        ],
      },
    ],
  },
];

let lastMatched: { pathname: string; matches: ReturnType<typeof matchRoutes> } | null = null;

/**
 * The routes a path matches. Before the router exists the start asks this of the same path several times
 * (main.tsx, router.tsx, and the starting loader on every render); matching ranks the whole route table each time.
 */
function matchesOf(pathname: string): ReturnType<typeof matchRoutes> {
  if (lastMatched?.pathname !== pathname) lastMatched = { pathname, matches: matchRoutes(routes, pathname) };
  return lastMatched.matches;
}

/** Whether the address names a screen whose code loads on demand (a lazy route on its path). */
export function opensLazyScreen({ pathname }: { pathname: string }): boolean {
  return matchesOf(pathname)?.some((match) => match.route.lazy) ?? false;
}

/**
 * Starts loading the code of the screen the address names (its layout too), before the router asks for it. For an
 * offline start: the files come from the service worker's cache, so there is no download for them to compete
 * with, and the router is only made after the first paint (router.tsx) (issue 20 §4).
 */
export function preloadScreen({ pathname }: { pathname: string }): void {
  for (const { route } of matchesOf(pathname) ?? []) {
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
  }
}

/** The loader of the screen the page opens on, before the router exists (same as the router's own). */
export function StartingScreenLoader() {
  const handles = matchesOf(window.location.pathname)?.map((match) => match.route.handle) ?? [];
  return <FullScreenLoader title={screenTitleOf(handles)} />;
}
