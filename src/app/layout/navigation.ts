import type { ComponentType, SVGProps } from 'react';
import type { CurrentUser } from '../../lib/contract/accounts';
import { DashboardIcon, PollIcon, QuestionIcon, QuizIcon, ReportIcon, SettingIcon, SyncIcon } from '../../ui/icons';
import { paths } from '../../lib/paths';

export interface NavigationLink {
  label: string;
  to: string;
}

/** A top-level entry of the sidebar: a link, or a group of links (spec §2 Layout). */
export interface NavigationEntry {
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  to?: string;
  links?: NavigationLink[];
}

export function navigationFor(user: CurrentUser): NavigationEntry[] {
  const entries: (NavigationEntry | false)[] = [
    { label: 'Dashboard', icon: DashboardIcon, to: paths.dashboard() },
    {
      label: 'Quiz',
      icon: QuizIcon,
      links: [
        { label: 'Add new Quiz', to: paths.addQuiz() },
        { label: 'List of Quizzes', to: paths.listQuiz() },
      ],
    },
    {
      label: 'Question',
      icon: QuestionIcon,
      links: [
        { label: 'Add new Question', to: paths.addQuestion() },
        { label: 'List Questions', to: paths.listQuestions() },
        { label: 'Question Categories', to: paths.categories() },
      ],
    },
    user.client_details.poll_enabled && {
      label: 'Polls',
      icon: PollIcon,
      links: [
        { label: 'Add new Poll', to: paths.addPoll() },
        { label: 'List Polls', to: paths.listPolls() },
      ],
    },
    {
      label: 'Reports',
      icon: ReportIcon,
      links: [
        { label: 'Quiz Report', to: paths.quizReport() },
        { label: 'Viewers Data', to: paths.viewersData() },
      ],
    },
    { label: 'Setting', icon: SettingIcon, to: paths.setting() },
    // Not in the spec's sidebar: the offline work's waiting, failed and conflicting changes (decisions §5).
    { label: 'Sync', icon: SyncIcon, to: paths.sync() },
  ];
  return entries.filter((entry): entry is NavigationEntry => entry !== false);
}

/** A link is active on its own path and on the paths below it (/add-quiz/7/update keeps "Add new Quiz" lit). */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The help button shows only on these screens (spec §2). */
export function hasHelp(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === paths.addQuiz() || path === paths.listQuiz();
}
