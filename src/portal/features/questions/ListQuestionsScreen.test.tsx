import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncStatusStore } from '../../store/sync';
import { clearTables, markPulled } from '../../store/testing';
import { ListQuestionsScreen } from './ListQuestionsScreen';

function renderScreen() {
  return render(
    <MantineProvider env="test">
      <MemoryRouter>
        <ListQuestionsScreen />
      </MemoryRouter>
    </MantineProvider>,
  );
}

beforeEach(() => clearTables('questions', 'categories', 'syncMeta', 'outbox'));
afterEach(() => syncStatusStore().update({ online: true }));

describe('List Questions before the first pull', () => {
  it('says it is loading, not "No questions yet.", until the first pull of the questions is done', async () => {
    renderScreen();
    expect(await screen.findByText('Loading questions…')).toBeInTheDocument();
    // Time for the mirror's (empty) answer to arrive: the list still waits for the pull.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.getByText('Loading questions…')).toBeInTheDocument();
    expect(screen.queryByText('No questions yet.')).not.toBeInTheDocument();
    await act(() => markPulled('questions'));
    expect(await screen.findByText('No questions yet.')).toBeInTheDocument();
    expect(screen.queryByText('Loading questions…')).not.toBeInTheDocument();
  });

  it('shows the empty state offline: no pull is coming', async () => {
    syncStatusStore().update({ online: false });
    renderScreen();
    expect(await screen.findByText('No questions yet.')).toBeInTheDocument();
  });
});
