import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { listAttempts } from '../../api/attempts';
import { attemptName } from '../../../lib/attempts-csv';
import { STATUS_LABELS } from '../../../lib/quiz-rules';
import { routeKeyOf } from '../../store/mirror';
import { useMirrorSummary } from '../../store/summary';
import { useSession } from '../../session/session-context';
import { SavedPageNotice } from '../../ui/SavedPageNotice';
import { useServerPage } from '../../ui/use-server-page';
import { useSyncStatus } from '../../store/sync';
import { liveQuizzes, quizzesByStatus } from './dashboard-summary';
import { paths } from '../../../lib/paths';
import { PrimaryAction, SecondaryAction } from '../../ui/actions';
import { EmptyState, NextStepLink } from '../../ui/EmptyState';
import { CategoryIcon, QuizIcon, ReportIcon } from '../../ui/icons';

const LATEST_ATTEMPTS = 5;

/** The first page of attempts (newest first), its first rows shown; kept for offline reading. */
const loadLatestAttempts = (_query: Record<string, never>, signal: AbortSignal) => listAttempts({}, signal);
const NO_QUERY: Record<string, never> = {};

function Stat({ label, value, to }: { label: string; value: number | string; to: string }) {
  return (
    // mantine-focus-auto: the card is a link, and a Paper has no focus ring of its own.
    <Paper
      p="md"
      component={Link}
      to={to}
      aria-label={`${label}: ${value}`}
      className="mantine-focus-auto"
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

function LatestAttempts() {
  const { data, saved, unreachable, loading } = useServerPage(
    'dashboard-attempts',
    NO_QUERY,
    loadLatestAttempts,
    'The latest attempts could not be loaded',
  );
  const rows = data?.results.slice(0, LATEST_ATTEMPTS) ?? [];
  return (
    <Paper p="md" component="section" aria-labelledby="latest-attempts">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4" id="latest-attempts">
            Latest attempts
          </Title>
          <Anchor component={Link} to={paths.quizReport()} className="touch-link">
            Quiz Report
          </Anchor>
        </Group>
        {saved && <SavedPageNotice savedAt={saved.savedAt} />}
        {unreachable ? (
          <Text c="dimmed">No connection to the server, and no attempts were kept on this device yet.</Text>
        ) : data === undefined ? (
          <Text c="dimmed">{loading ? 'Loading…' : 'The latest attempts could not be loaded.'}</Text>
        ) : rows.length === 0 ? (
          <EmptyState icon={<ReportIcon />} title="No attempts yet." description="Attempts appear here once participants play a quiz." />
        ) : (
          <List listStyleType="none" spacing={4} aria-label="Latest attempts">
            {rows.map((row) => (
              <List.Item key={row.id}>
                <Text span fw={600}>
                  {attemptName(row)}
                </Text>{' '}
                <Text span c="dimmed">
                  {row.quiz.name} · score {row.score} · rank {row.rank}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}

/** /dashboard: what an admin wants first: quizzes by status and live now, counts, sync, latest attempts, shortcuts. */
export function DashboardScreen() {
  const counts = useMirrorSummary();
  const sync = useSyncStatus();
  const pollsEnabled = useSession().user?.client_details.poll_enabled ?? false;
  const quizzes = counts?.quizzes ?? [];
  const live = liveQuizzes(quizzes);

  return (
    <Stack>
      <Title order={1}>Dashboard</Title>
      <Group wrap="wrap" gap="sm" component="nav" aria-label="Shortcuts">
        <PrimaryAction component={Link} to={paths.addQuiz()}>
          Add new Quiz
        </PrimaryAction>
        <SecondaryAction component={Link} to={paths.addQuestion()}>
          Add new Question
        </SecondaryAction>
        {pollsEnabled && (
          <SecondaryAction component={Link} to={paths.addPoll()}>
            Add new Poll
          </SecondaryAction>
        )}
        <SecondaryAction component={Link} to={paths.listQuiz()}>
          List of Quizzes
        </SecondaryAction>
        <SecondaryAction component={Link} to={paths.quizReport()}>
          Quiz Report
        </SecondaryAction>
      </Group>

      {counts && quizzes.length === 0 && counts.questions === 0 && counts.categories === 0 && (
        <Paper p="md" component="section" aria-label="Get started">
          <EmptyState
            icon={<CategoryIcon />}
            title="Nothing here yet."
            description="Register categories, add questions that belong to those categories, then create a quiz and tick the questions to include."
            action={<NextStepLink to={paths.categories()}>Start with a category</NextStepLink>}
          />
        </Paper>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: pollsEnabled ? 5 : 4 }}>
        <Stat label="Quizzes" value={counts ? quizzes.length : '…'} to={paths.listQuiz()} />
        <Stat label="Questions" value={counts?.questions ?? '…'} to={paths.listQuestions()} />
        <Stat label="Categories" value={counts?.categories ?? '…'} to={paths.categories()} />
        {pollsEnabled && <Stat label="Polls" value={counts?.polls ?? '…'} to={paths.listPolls()} />}
        <Stat label="Changes waiting to sync" value={sync.waiting} to={paths.sync()} />
      </SimpleGrid>
      {(sync.failed > 0 || sync.conflicts > 0) && (
        <Text c="red">
          {sync.failed} failed and {sync.conflicts} conflicting {sync.failed + sync.conflicts === 1 ? 'change needs' : 'changes need'} you:{' '}
          <Anchor component={Link} to={paths.sync()}>
            open Sync
          </Anchor>
        </Text>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper p="md" component="section" aria-labelledby="live-now">
          <Stack gap="xs">
            <Title order={2} size="h4" id="live-now">
              Live now
            </Title>
            {live.length === 0 ? (
              <EmptyState
                icon={<QuizIcon />}
                title="No quiz is live."
                description="A quiz shows here from when it is activated or started until its results are announced."
              />
            ) : (
              <List listStyleType="none" spacing={0} aria-label="Live quizzes">
                {live.map((quiz) => (
                  <List.Item key={quiz.localId}>
                    <Anchor component={Link} to={paths.editQuiz(routeKeyOf(quiz))} className="touch-link">
                      {quiz.name}
                    </Anchor>{' '}
                    <Badge>{quiz.status ? STATUS_LABELS[quiz.status] : ''}</Badge>
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Paper>
        <Paper p="md" component="section" aria-labelledby="by-status">
          <Stack gap="xs">
            <Title order={2} size="h4" id="by-status">
              Quizzes by status
            </Title>
            <List listStyleType="none" spacing={4} aria-label="Quizzes by status">
              {quizzesByStatus(quizzes).map(({ status, label, count }) => (
                <List.Item key={status}>
                  {label}: <strong>{count}</strong>
                </List.Item>
              ))}
            </List>
          </Stack>
        </Paper>
      </SimpleGrid>
      <LatestAttempts />
    </Stack>
  );
}

// React.lazy needs a default export.
export default DashboardScreen;
