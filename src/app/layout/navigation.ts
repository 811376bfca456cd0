import type { ComponentType, SVGProps } from 'react';
import type { CurrentUser } from '../../lib/contract/accounts';
import { DashboardIcon, PollIcon, QuestionIcon, QuizIcon, ReportIcon, SettingIcon, SyncIcon } from '../../ui/icons';

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
    { label: 'Dashboard', icon: DashboardIcon, to: '/dashboard' },
    {
      label: 'Quiz',
      icon: QuizIcon,
      links: [
        { label: 'Add new Quiz', to: '/add-quiz' },
        { label: 'List of Quizzes', to: '/list-quiz' },
      ],
    },
    {
      label: 'Question',
      icon: QuestionIcon,
      links: [
        { label: 'Add new Question', to: '/add-question' },
        { label: 'List Questions', to: '/list-questions' },
        { label: 'Question Categories', to: '/add-category' },
      ],
    },
    user.client_details.poll_enabled && {
      label: 'Polls',
      icon: PollIcon,
      links: [
        { label: 'Add new Poll', to: '/add-polls' },
        { label: 'List Polls', to: '/list-polls' },
      ],
    },
    {
      label: 'Reports',
      icon: ReportIcon,
      links: [
        { label: 'Quiz Report', to: '/quiz-report' },
        { label: 'Viewers Data', to: '/viewers-data' },
      ],
    },
    { label: 'Setting', icon: SettingIcon, to: '/setting' },
    // Not in the spec's sidebar: the offline work's waiting, failed and conflicting changes (decisions §5).
    { label: 'Sync', icon: SyncIcon, to: '/sync' },
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
  return path === '/add-quiz' || path === '/list-quiz';
}
