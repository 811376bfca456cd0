import type { ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { LoginScreen } from '../session/LoginScreen';
import { FullScreenLoader } from '../ui/FullScreenLoader';
import { nextTask } from '../ui/next-task';
import { PublicOnly, RequireSession } from './guards';
import { RootLayout, ScreenLoader } from './RootLayout';
import { screenTitleOf, type RouteHandle } from './route-title';

// Only the sign-in screens are in the first bundle: /login must load fast on a phone (issue 9, 150 kB gzip
// of JavaScript). The portal layout and every feature screen are loaded when their route is first matched
// (react-router's route `lazy`), so Dexie-heavy lists, the quiz editor, dates and drag and drop stay out of it.

type Loaded = Promise<{ Component: ComponentType }>;

/**
 * A route's screen, loaded on first visit from the named export of its module. The load starts in a task of
 * its own: the router asks for the layout and the screen while it starts, in one task, and each request adds
 * a preload link per chunk, which on a phone costs more than the router itself.
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): () => Loaded {
  return () =>
    nextTask()
      .then(load)
      .then((module) => ({ Component: pick(module) }));
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
          { path: '/', element: <LoginScreen />, handle: titled('Login') },
          { path: '/login', element: <LoginScreen />, handle: titled('Login') },
          {
            path: '/reset/password',
            lazy: screen(
              () => import('../session/ResetRequestScreen'),
              (m) => m.ResetRequestScreen,
            ),
            handle: titled('Reset Password'),
          },
          {
            path: '/password/reset/:token',
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
          {
            lazy: screen(
              () => import('./layout/PortalLayout'),
              (m) => m.PortalLayout,
            ),
            children: [
              {
                path: '/dashboard',
                lazy: screen(
                  () => import('../features/dashboard/DashboardScreen'),
                  (m) => m.DashboardScreen,
                ),
                handle: titled('Dashboard'),
              },
              {
                path: '/add-quiz',
                lazy: screen(
                  () => import('../features/quizzes/AddQuizScreen'),
                  (m) => m.AddQuizScreen,
                ),
                handle: titled('Add Quiz'),
              },
              {
                path: '/add-quiz/:id/update',
                lazy: screen(
                  () => import('../features/quizzes/AddQuizScreen'),
                  (m) => m.AddQuizScreen,
                ),
                handle: titled('Add Quiz'),
              },
              {
                path: '/add-quiz/:id/delete',
                lazy: screen(
                  () => import('../features/quizzes/DeleteQuizScreen'),
                  (m) => m.DeleteQuizScreen,
                ),
                handle: titled('Add Quiz'),
              },
              {
                path: '/list-quiz',
                lazy: screen(
                  () => import('../features/quizzes/ListQuizScreen'),
                  (m) => m.ListQuizScreen,
                ),
                handle: titled('List Quiz'),
              },
              {
                path: '/list-quiz/:id/control',
                lazy: screen(
                  () => import('../features/quizzes/ControlScreen'),
                  (m) => m.ControlScreen,
                ),
                handle: titled('Control'),
              },
              {
                path: '/add-category',
                lazy: screen(
                  () => import('../features/categories/CategoriesScreen'),
                  (m) => m.CategoriesScreen,
                ),
                handle: titled('Categories'),
              },
              {
                path: '/add-category/:id/update',
                lazy: screen(
                  () => import('../features/categories/EditCategoryScreen'),
                  (m) => m.EditCategoryScreen,
                ),
                handle: titled('Edit Category'),
              },
              {
                path: '/add-category/:id/delete',
                lazy: screen(
                  () => import('../features/categories/DeleteCategoryScreen'),
                  (m) => m.DeleteCategoryScreen,
                ),
                handle: titled('Delete Category'),
              },
              {
                path: '/add-question',
                lazy: screen(
                  () => import('../features/questions/AddQuestionScreen'),
                  (m) => m.AddQuestionScreen,
                ),
                handle: titled('Add Question'),
              },
              {
                path: '/list-questions',
                lazy: screen(
                  () => import('../features/questions/ListQuestionsScreen'),
                  (m) => m.ListQuestionsScreen,
                ),
                handle: titled('List Questions'),
              },
              {
                path: '/list-questions/:id/update',
                lazy: screen(
                  () => import('../features/questions/EditQuestionScreen'),
                  (m) => m.EditQuestionScreen,
                ),
                handle: titled('Edit Question'),
              },
              {
                path: '/list-questions/:id/delete',
                lazy: screen(
                  () => import('../features/questions/DeleteQuestionScreen'),
                  (m) => m.DeleteQuestionScreen,
                ),
                handle: titled('Delete Question'),
              },
              {
                path: '/list-polls',
                lazy: screen(
                  () => import('../features/polls/ListPollsScreen'),
                  (m) => m.ListPollsScreen,
                ),
                handle: titled('List Polls'),
              },
              {
                path: '/add-polls',
                lazy: screen(
                  () => import('../features/polls/AddPollScreen'),
                  (m) => m.AddPollScreen,
                ),
                handle: titled('Add Poll'),
              },
              {
                path: '/list-polls/:id/update',
                lazy: screen(
                  () => import('../features/polls/EditPollScreen'),
                  (m) => m.EditPollScreen,
                ),
                handle: titled('Edit Poll'),
              },
              {
                path: '/list-polls/:id/delete',
                lazy: screen(
                  () => import('../features/polls/DeletePollScreen'),
                  (m) => m.DeletePollScreen,
                ),
                handle: titled('Delete Poll'),
              },
              {
                path: '/list-polls/:id/update/choices/:choiceId/update',
                lazy: screen(
                  () => import('../features/polls/EditChoiceScreen'),
                  (m) => m.EditChoiceScreen,
                ),
                handle: titled('Edit Choice'),
              },
              {
                path: '/list-polls/:id/update/choices/:choiceId/delete',
                lazy: screen(
                  () => import('../features/polls/DeleteChoiceScreen'),
                  (m) => m.DeleteChoiceScreen,
                ),
                handle: titled('Delete Choice'),
              },
              {
                path: '/quiz-report',
                lazy: screen(
                  () => import('../features/reports/QuizReportScreen'),
                  (m) => m.QuizReportScreen,
                ),
                handle: titled('Quiz Report'),
              },
              {
                path: '/viewers-data',
                lazy: screen(
                  () => import('../features/viewers/ViewersDataScreen'),
                  (m) => m.ViewersDataScreen,
                ),
                handle: titled('Viewers Data'),
              },
              {
                path: '/setting',
                lazy: screen(
                  () => import('../features/settings/SettingScreen'),
                  (m) => m.SettingScreen,
                ),
                handle: titled('Setting'),
              },
              {
                path: '/sync',
                lazy: screen(
                  () => import('../features/sync/SyncScreen'),
                  (m) => m.SyncScreen,
                ),
                handle: titled('Sync'),
              },
            ],
          },
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];

let lastMatched: { pathname: string; matches: ReturnType<typeof matchRoutes> } | null = null;

/**
 * The routes a path matches. Before the router exists the start asks this of the same path several times
 * (main.tsx, App, and the starting loader on every render); matching ranks the whole route table each time.
 */
function matchesOf(pathname: string): ReturnType<typeof matchRoutes> {
  if (lastMatched?.pathname !== pathname) lastMatched = { pathname, matches: matchRoutes(routes, pathname) };
  return lastMatched.matches;
}

/** Whether the address names a screen whose code loads on demand (a lazy route on its path). */
export function opensLazyScreen({ pathname }: { pathname: string }): boolean {
  return matchesOf(pathname)?.some((match) => match.route.lazy) ?? false;
}

/** The loader of the screen the page opens on, before the router exists (same as the router's own). */
export function StartingScreenLoader() {
  const handles = matchesOf(window.location.pathname)?.map((match) => match.route.handle) ?? [];
  return <FullScreenLoader title={screenTitleOf(handles)} />;
}
