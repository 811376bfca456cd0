import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { pollsMirror, usePoll } from '../../store/polls';
import { syncStatusStore } from '../../store/sync';
import { SyncStateMarker } from '../../ui/SyncStateMarker';
import { clearTables, putRows, queuedChanges } from '../../store/testing';
import { PollActiveSwitch, pollIsActive } from './PollActiveSwitch';
import type { PollRow } from './poll-rows';

const lunch: PollRow = {
  localId: 'p-7',
  serverId: 7,
  syncState: 'synced',
  serverCopy: null,
  name: 'Lunch',
  join_code: '4321',
  poll_hash: 'lunch-hash',
  link_key: 'lunch-link-key',
  show_options: true,
  show_total_votes: true,
  active: true,
  version: 3,
};

/** The switch as List Polls shows it: the row from the mirror, with its waiting-to-sync marker. */
function Row() {
  const row = usePoll('p-7');
  if (!row) return null;
  return (
    <>
      {row.name}
      <SyncStateMarker state={row.syncState} />
      <PollActiveSwitch row={row} />
    </>
  );
}

function renderRow() {
  return render(
    <MantineProvider env="test">
      <Row />
    </MantineProvider>,
  );
}

beforeEach(async () => {
  await clearTables('polls', 'outbox', 'idMap');
  syncStatusStore().update({ online: false });
});

describe('the poll row switch', () => {
  it('closes the poll through a queued edit of active (offline too), the row marked as waiting, and opens it again', async () => {
    await putRows(pollsMirror, lunch);
    const user = userEvent.setup();
    renderRow();
    const open = await screen.findByRole('switch', { name: 'Lunch: open for voting' });
    expect(open).toBeChecked();

    await user.click(open);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Lunch: open for voting' })).not.toBeChecked());
    expect((await pollsMirror.table().get('p-7'))?.active).toBe(false);
    const [closing] = await queuedChanges();
    expect(closing).toMatchObject({ entity: 'polls', kind: 'update', localId: 'p-7', payload: { active: false } });
    expect(await screen.findByText('Waiting to sync')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Lunch: open for voting' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Lunch: open for voting' })).toBeChecked());
    expect((await pollsMirror.table().get('p-7'))?.active).toBe(true);
  });

  it('reads a poll without the field as open, as the server does', () => {
    expect(pollIsActive({ active: undefined })).toBe(true);
    expect(pollIsActive({ active: false })).toBe(false);
  });
});
