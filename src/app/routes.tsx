import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { CategoriesScreen } from '../features/categories/CategoriesScreen';
import { DeleteCategoryScreen } from '../features/categories/DeleteCategoryScreen';
import { EditCategoryScreen } from '../features/categories/EditCategoryScreen';
import { DeleteChoiceScreen } from '../features/polls/DeleteChoiceScreen';
import { AddPollScreen } from '../features/polls/AddPollScreen';
import { DeletePollScreen } from '../features/polls/DeletePollScreen';
import { EditChoiceScreen } from '../features/polls/EditChoiceScreen';
import { EditPollScreen } from '../features/polls/EditPollScreen';
import { ListPollsScreen } from '../features/polls/ListPollsScreen';
import { AddQuestionScreen } from '../features/questions/AddQuestionScreen';
import { DeleteQuestionScreen } from '../features/questions/DeleteQuestionScreen';
import { EditQuestionScreen } from '../features/questions/EditQuestionScreen';
import { ListQuestionsScreen } from '../features/questions/ListQuestionsScreen';
import { AddQuizScreen } from '../features/quizzes/AddQuizScreen';
import { DeleteQuizScreen } from '../features/quizzes/DeleteQuizScreen';
import { ListQuizScreen } from '../features/quizzes/ListQuizScreen';
import { QuizReportScreen } from '../features/reports/QuizReportScreen';
import { SettingScreen } from '../features/settings/SettingScreen';
import { SyncScreen } from '../features/sync/SyncScreen';
import { ViewersDataScreen } from '../features/viewers/ViewersDataScreen';
import { LoginScreen } from '../session/LoginScreen';
import { ResetConfirmScreen } from '../session/ResetConfirmScreen';
import { ResetRequestScreen } from '../session/ResetRequestScreen';
import { FullScreenLoader } from '../ui/FullScreenLoader';
import { PublicOnly, RequireSession } from './guards';
import { PortalLayout } from './layout/PortalLayout';
import { RootLayout } from './RootLayout';
import type { RouteHandle } from './route-title';

// The dashboard is the first screen after login, so it is split out to keep the login bundle small (spec §2).
const DashboardScreen = lazy(() => import('../features/dashboard/DashboardScreen'));

const titled = (title: string): RouteHandle => ({ title });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: FullScreenLoader,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: '/', element: <LoginScreen />, handle: titled('Login') },
          { path: '/login', element: <LoginScreen />, handle: titled('Login') },
          { path: '/reset/password', element: <ResetRequestScreen />, handle: titled('Reset Password') },
          { path: '/password/reset/:token', element: <ResetConfirmScreen />, handle: titled('New Password') },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <PortalLayout />,
            children: [
              {
                path: '/dashboard',
                handle: titled('Dashboard'),
                element: (
                  <Suspense fallback={<FullScreenLoader />}>
                    <DashboardScreen />
                  </Suspense>
                ),
              },
              { path: '/add-quiz', element: <AddQuizScreen />, handle: titled('Add Quiz') },
              { path: '/add-quiz/:id/update', element: <AddQuizScreen />, handle: titled('Add Quiz') },
              { path: '/add-quiz/:id/delete', element: <DeleteQuizScreen />, handle: titled('Add Quiz') },
              { path: '/list-quiz', element: <ListQuizScreen />, handle: titled('List Quiz') },
              { path: '/add-category', element: <CategoriesScreen />, handle: titled('Categories') },
              { path: '/add-category/:id/update', element: <EditCategoryScreen />, handle: titled('Edit Category') },
              { path: '/add-category/:id/delete', element: <DeleteCategoryScreen />, handle: titled('Delete Category') },
              { path: '/add-question', element: <AddQuestionScreen />, handle: titled('Add Question') },
              { path: '/list-questions', element: <ListQuestionsScreen />, handle: titled('List Questions') },
              { path: '/list-questions/:id/update', element: <EditQuestionScreen />, handle: titled('Edit Question') },
              { path: '/list-questions/:id/delete', element: <DeleteQuestionScreen />, handle: titled('Delete Question') },
              { path: '/list-polls', element: <ListPollsScreen />, handle: titled('List Polls') },
              { path: '/add-polls', element: <AddPollScreen />, handle: titled('Add Poll') },
              { path: '/list-polls/:id/update', element: <EditPollScreen />, handle: titled('Edit Poll') },
              { path: '/list-polls/:id/delete', element: <DeletePollScreen />, handle: titled('Delete Poll') },
              {
                path: '/list-polls/:id/update/choices/:choiceId/update',
                element: <EditChoiceScreen />,
                handle: titled('Edit Choice'),
              },
              {
                path: '/list-polls/:id/update/choices/:choiceId/delete',
                element: <DeleteChoiceScreen />,
                handle: titled('Delete Choice'),
              },
              { path: '/quiz-report', element: <QuizReportScreen />, handle: titled('Quiz Report') },
              { path: '/viewers-data', element: <ViewersDataScreen />, handle: titled('Viewers Data') },
              { path: '/setting', element: <SettingScreen />, handle: titled('Setting') },
              { path: '/sync', element: <SyncScreen />, handle: titled('Sync') },
            ],
          },
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];
