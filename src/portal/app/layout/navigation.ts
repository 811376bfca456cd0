import type { ComponentType, SVGProps } from 'react';
import type { CurrentUser } from '../../../lib/contract/accounts';
import { DashboardIcon, PollIcon, QuestionIcon, QuizIcon, ReportIcon, SettingIcon, SyncIcon } from '../../ui/icons';
import { paths } from '../../../lib/paths';

export interface NavigationLink {
  label: string;
  to: string;
  /** Lit only on its own path, not the paths below it (Add new Quiz is not lit on /add-quiz/7/update). */
  exact?: boolean;
  /** Also lit below these paths: where the screens of a listed row live (a quiz's edit and delete). */
  alsoBelow?: readonly string[];
}

/** A top-level entry of the sidebar: a link, or a group of links (the Layout screen). */
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
        // A quiz's edit and delete screens sit under /add-quiz/ (the specification's routes) but are reached from the list.
        { label: 'Add new Quiz', to: paths.addQuiz(), exact: true },
        { label: 'List of Quizzes', to: paths.listQuiz(), alsoBelow: [paths.addQuiz()] },
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
    // Not in the spec's sidebar: the offline work's waiting, failed and conflicting changes (docs/decisions.md "Offline").
    { label: 'Sync', icon: SyncIcon, to: paths.sync() },
  ];
  return entries.filter((entry): entry is NavigationEntry => entry !== false);
}

/** A path is active on itself and on the paths below it (/list-quiz/7/control keeps "List of Quizzes" lit). */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Whether a sidebar link is lit on this path (its own, below it unless exact, or below one of `alsoBelow`). */
export function linkIsActive(pathname: string, link: NavigationLink): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (link.exact ? path === link.to : isActivePath(path, link.to)) return true;
  return (link.alsoBelow ?? []).some((prefix) => path.startsWith(`${prefix}/`));
}

/** The help button shows only on these screens (the specification's screens). */
export function hasHelp(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === paths.addQuiz() || path === paths.listQuiz();
}
