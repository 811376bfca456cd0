import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteQuiz, quizzesMirror } from '../../store/quizzes';
import { syncStatusStore } from '../../store/sync';
import { clearTables, markPulled, putRows } from '../../store/testing';
import type * as ClientProfile from '../../ui/use-client-profile';
import type * as DateText from '../../../lib/date-text';
import { ListQuizScreen } from './ListQuizScreen';
import type * as LiveControls from '../../ui/live-quiz/commands';
import type { QuizRow } from './quiz-rows';
import { NO_COUNTS } from '../../ui/live-quiz/use-live-channel';
import type { LiveQuizCounts } from '../../../lib/contract/live';

// The live channel is out of reach here: no quiz node ever arrives, and the rows show the mirror. The counts
// nodes are handed out by the test through `counts`.
const counts = vi.hoisted(() => {
  const listeners = new Map<string, (node: LiveQuizCounts | null) => void>();
  return {
    listeners,
    emit: (quizHash: string, node: LiveQuizCounts | null) => listeners.get(quizHash)?.(node),
  };
});
vi.mock('../../../live', () => ({
  subscribeQuiz: () => () => undefined,
  subscribeQuizCounts: (quizHash: string, onCounts: (node: LiveQuizCounts | null) => void) => {
    counts.listeners.set(quizHash, onCounts);
    return () => counts.listeners.delete(quizHash);
  },
  subscribeConnection: () => () => undefined,
  connectLive: () => new Promise(() => undefined),
}));
// Called once per Start Time and End Time cell rendered: counts the renders of the rows' other cells.
const dayAndTimeZoneText = vi.hoisted(() => vi.fn<typeof DateText.dayAndTimeZoneText>());
vi.mock('../../../lib/date-text', async (importOriginal) => {
  const original = await importOriginal<typeof DateText>();
  dayAndTimeZoneText.mockImplementation(original.dayAndTimeZoneText);
  return { ...original, dayAndTimeZoneText };
});
const moveQuizStatus = vi.hoisted(() => vi.fn(async () => true));
vi.mock('../../ui/live-quiz/commands', async (importOriginal) => ({
  ...(await importOriginal<typeof LiveControls>()),
  moveQuizStatus,
}));
vi.mock('../../ui/use-client-profile', async (importOriginal) => ({
  ...(await importOriginal<typeof ClientProfile>()),
  useClientProfile: () => null,
}));

const stage: QuizRow = {
  localId: 's-7',
  serverId: 7,
  syncState: 'synced',
  serverCopy: null,
  name: 'Stage',
  mode: 'MANUAL',
  status: 'STARTED',
  question_no: 1,
  questions: [1, 2, 3],
  qs_timer: 30,
  before_qs_timer: 3,
  join_code: '12',
  quiz_hash: 'stage-hash',
  attempts_count: 3,
  start_date_time: '2026-06-10T18:00:00.000Z',
  end_date_time: '2026-06-10T20:00:00.000Z',
  updated_at: '2026-06-10T18:00:00.000Z',
};

function renderScreen() {
  return render(
    // Transitions off (Mantine's test environment): jsdom runs no CSS transitions.
    <MantineProvider env="test">
      <MemoryRouter>
        <ListQuizScreen />
      </MemoryRouter>
    </MantineProvider>,
  );
}

const pulled = () => markPulled('quizzes');

beforeEach(async () => {
  moveQuizStatus.mockClear();
  await clearTables('quizzes', 'syncMeta', 'outbox');
});
afterEach(() => syncStatusStore().update({ online: true }));

describe('List Quiz before the first pull', () => {
  it('says it is loading, not "No quizzes yet.", until the first pull of the quizzes is done', async () => {
    renderScreen();
    expect(await screen.findByText('Loading quizzes…')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Quizzes' })).not.toBeInTheDocument();
    await act(pulled);
    expect(await screen.findByText('No quizzes yet.')).toBeInTheDocument();
    expect(screen.queryByText('Loading quizzes…')).not.toBeInTheDocument();
  });

  it('shows the empty table offline: no pull is coming', async () => {
    syncStatusStore().update({ online: false });
    renderScreen();
    expect(await screen.findByText('No quizzes yet.')).toBeInTheDocument();
  });

  it('shows mirrored rows even before a pull', async () => {
    await putRows(quizzesMirror, stage);
    renderScreen();
    expect(await screen.findByRole('row', { name: /^Stage/ })).toBeInTheDocument();
  });

  it('lists a quiz deleted on this device as waiting to sync until the delete is sent', async () => {
    await putRows(quizzesMirror, stage);
    await deleteQuiz(stage.localId);
    syncStatusStore().update({ online: false });
    renderScreen();
    const deleted = await screen.findByRole('region', { name: 'Deleted quizzes waiting to sync' });
    expect(within(deleted).getByText('Stage')).toBeInTheDocument();
    expect(within(deleted).getByText('Waiting to sync')).toBeInTheDocument();
    await act(() => clearTables('outbox'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Deleted quizzes waiting to sync' })).not.toBeInTheDocument());
  });
});

describe('List Quiz row controls', () => {
  beforeEach(async () => {
    await putRows(quizzesMirror, stage);
    await pulled();
  });

  it('picks the status in a native select offering the current status and the later ones', async () => {
    renderScreen();
    const status = await screen.findByRole('combobox', { name: 'Status of Stage' });
    expect(status.tagName).toBe('SELECT');
    expect(status).toHaveValue('STARTED');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Started', 'Result Awaited', 'Result Announced', 'Completed']);
    act(() => syncStatusStore().update({ online: false }));
    expect(status).toBeDisabled();
  });

  it('asks before a status change that cannot be taken back; Cancel keeps the status', async () => {
    const user = userEvent.setup();
    renderScreen();
    const status = await screen.findByRole('combobox', { name: 'Status of Stage' });
    await user.selectOptions(status, 'COMPLETED');
    const dialog = await screen.findByRole('dialog', { name: 'Set Stage to Completed?' });
    expect(within(dialog).getByText('The status cannot go back.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(status).toHaveValue('STARTED');
    expect(moveQuizStatus).not.toHaveBeenCalled();

    await user.selectOptions(status, 'RESULT_ANNOUNCED');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Set Stage to Result Announced?' })).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(moveQuizStatus).toHaveBeenCalledWith({ localId: 's-7', serverId: 7 }, 'RESULT_ANNOUNCED'));

    // A step that can be followed by others goes at once.
    await user.selectOptions(status, 'RESULT_AWAITED');
    expect(moveQuizStatus).toHaveBeenLastCalledWith({ localId: 's-7', serverId: 7 }, 'RESULT_AWAITED');
  });

  it('mounts the Reset Attempts confirmation at the first press, keeping its texts', async () => {
    const user = userEvent.setup();
    renderScreen();
    const reset = await screen.findByRole('button', { name: 'Reset Attempts of Stage' });
    // Popover.Target marks its button as opening a dialog: an unpressed button has no popover yet.
    expect(reset).not.toHaveAttribute('aria-haspopup');
    await user.click(reset);
    expect(await screen.findByText('Delete all 3 attempts of Stage?')).toBeInTheDocument();
    const pressed = screen.getByRole('button', { name: 'Reset Attempts of Stage' });
    expect(pressed).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    expect(screen.queryByText('Delete all 3 attempts of Stage?')).not.toBeInTheDocument();
  });
});

describe('List Quiz renders', () => {
  beforeEach(async () => {
    await putRows(quizzesMirror, stage);
    await pulled();
  });

  it('renders no row again when a sync writes the rows it already had', async () => {
    renderScreen();
    await screen.findByRole('row', { name: /^Stage/ });
    await waitFor(() => expect(counts.listeners.has('stage-hash')).toBe(true));
    const rowRenders = dayAndTimeZoneText.mock.calls.length;
    await act(() => putRows(quizzesMirror, { ...stage, description: 'Not shown in the list' }));
    await act(() => putRows(quizzesMirror, { ...stage }));
    // The mirror hands its changes over in order: once the rename shows, the writes before it have been read.
    await act(() => putRows(quizzesMirror, { ...stage, name: 'Stage renamed' }));
    expect(await screen.findByRole('row', { name: /^Stage renamed/ })).toBeInTheDocument();
    // One render of the row, for the rename: its Start Time and End Time cells.
    expect(dayAndTimeZoneText.mock.calls.length - rowRenders).toBe(2);
  });
});

describe('List Quiz players', () => {
  beforeEach(async () => {
    await putRows(quizzesMirror, stage);
    await pulled();
  });

  it("shows the row's joined and answered counts as the counts node changes, a dash until it arrives", async () => {
    renderScreen();
    const players = await screen.findByRole('group', { name: 'Players of Stage' });
    expect(players).toHaveTextContent('Joined —not known yet');
    await waitFor(() => expect(counts.listeners.has('stage-hash')).toBe(true));
    act(() => counts.emit('stage-hash', null));
    await waitFor(() => expect(players).toHaveTextContent('Joined 0Answered 0'));
    act(() => counts.emit('stage-hash', { ...NO_COUNTS, joined: 4, question_no: 1, answered: 2 }));
    await waitFor(() => expect(players).toHaveTextContent('Joined 4Answered 2'));
    act(() => counts.emit('stage-hash', { ...NO_COUNTS, joined: 5, question_no: 1, answered: 3 }));
    await waitFor(() => expect(players).toHaveTextContent('Joined 5Answered 3'));
  });

  it('renders only the Players cell again when the counts change, not its row', async () => {
    renderScreen();
    const players = await screen.findByRole('group', { name: 'Players of Stage' });
    await waitFor(() => expect(counts.listeners.has('stage-hash')).toBe(true));
    const rowRenders = dayAndTimeZoneText.mock.calls.length;
    expect(rowRenders).toBeGreaterThan(0);
    act(() => counts.emit('stage-hash', { ...NO_COUNTS, joined: 4, question_no: 1, answered: 2 }));
    await waitFor(() => expect(players).toHaveTextContent('Joined 4Answered 2'));
    act(() => counts.emit('stage-hash', { ...NO_COUNTS, joined: 5, question_no: 2, answered: 3 }));
    // The answered count is of the row's question (1), not of the node's.
    await waitFor(() => expect(players).toHaveTextContent('Joined 5Answered 0'));
    expect(dayAndTimeZoneText.mock.calls.length).toBe(rowRenders);
  });
});
