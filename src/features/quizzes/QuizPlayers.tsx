import { Group, Text, VisuallyHidden } from '@mantine/core';
import type { PlayerCounts } from './quiz-rows';

function Count({ value }: { value: number | undefined }) {
  if (value === undefined) {
    return (
      <strong>
        <span aria-hidden="true">—</span>
        <VisuallyHidden>not known yet</VisuallyHidden>
      </strong>
    );
  }
  return <strong>{value}</strong>;
}

/**
 * A quiz's players, live (issue 17): how many joined, and how many answered the current question. A dash until the
 * counts arrive. Not a live region: the counts change up to 4 times a second, too often to be read out.
 * `layout`: stacked in a table cell (narrow), in a row that wraps on the control screen.
 */
export function QuizPlayers({ name, players, layout }: { name: string; players: PlayerCounts | null; layout: 'cell' | 'line' }) {
  const size = layout === 'cell' ? 'sm' : 'lg';
  return (
    <Group
      role="group"
      aria-label={`Players of ${name}`}
      gap={layout === 'cell' ? 0 : 'lg'}
      wrap={layout === 'cell' ? 'nowrap' : 'wrap'}
      style={layout === 'cell' ? { flexDirection: 'column', alignItems: 'flex-start' } : undefined}
    >
      <Text size={size} span style={{ whiteSpace: 'nowrap' }}>
        Joined <Count value={players?.joined} />
      </Text>
      <Text size={size} span style={{ whiteSpace: 'nowrap' }}>
        Answered <Count value={players?.answered} />
      </Text>
    </Group>
  );
}
