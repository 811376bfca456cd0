import { Group, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { smallText } from '../small-text';
import type { PlayerCounts } from './quiz-live-state';

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

// In a table cell (one per row of List Quiz) plain elements drawn as Mantine's (ui/small-text.ts); on the control
// screen, Mantine's own.
const CELL_STYLE = { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' } as const;
const CELL_TEXT = smallText({ whiteSpace: 'nowrap' });

function CountLine({ layout, children }: { layout: 'cell' | 'line'; children: ReactNode }) {
  if (layout === 'cell') return <span {...CELL_TEXT}>{children}</span>;
  return (
    <Text size="lg" span style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}

/**
 * A quiz's players, live: how many joined, and how many answered the current question. A dash until the
 * counts arrive. Not a live region: the counts change up to 4 times a second, too often to be read out.
 * `layout`: stacked in a table cell (narrow), in a row that wraps on the control screen.
 */
export function QuizPlayers({ name, players, layout }: { name: string; players: PlayerCounts | null; layout: 'cell' | 'line' }) {
  const counts = (
    <>
      <CountLine layout={layout}>
        Joined <Count value={players?.joined} />
      </CountLine>
      <CountLine layout={layout}>
        Answered <Count value={players?.answered} />
      </CountLine>
    </>
  );
  if (layout === 'line')
    return (
      <Group role="group" aria-label={`Players of ${name}`} gap="lg" wrap="wrap">
        {counts}
      </Group>
    );
  return (
    <div role="group" aria-label={`Players of ${name}`} style={CELL_STYLE}>
      {counts}
    </div>
  );
}
