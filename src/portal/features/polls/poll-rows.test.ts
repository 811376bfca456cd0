import type { ChoiceRow, PollRow } from './poll-rows';
import { createdDate, isChoiceOf, joinCodeInput, orderedChoices, visiblePolls } from './poll-rows';

const poll = (name: string, serverId: number | null, created_at?: string): PollRow => ({
  localId: serverId === null ? `local-${name}` : `s-${serverId}`,
  serverId,
  syncState: serverId === null ? 'pending' : 'synced',
  serverCopy: null,
  name,
  join_code: '12',
  show_options: false,
  show_total_votes: false,
  created_at,
});

const choice = (name: string, serverId: number | null, question: number | string): ChoiceRow => ({
  localId: serverId === null ? `local-${name}` : `s-${serverId}`,
  serverId,
  syncState: 'synced',
  serverCopy: null,
  name,
  question,
});

describe('poll rows', () => {
  const rows = [
    poll('Old', 1, '2026-01-01T00:00:00Z'),
    poll('Offline', null),
    poll('New', 2, '2026-02-01T00:00:00Z'),
    poll('Newer twin', 3, '2026-02-01T00:00:00Z'),
  ];

  it('lists newest first like the server, a poll not yet synced on top', () => {
    expect(visiblePolls(rows, '').map((row) => row.name)).toEqual(['Offline', 'Newer twin', 'New', 'Old']);
  });

  it('searches by name, every term; clearing the search shows all', () => {
    expect(visiblePolls(rows, 'new TWIN').map((row) => row.name)).toEqual(['Newer twin']);
    expect(visiblePolls(rows, ' ')).toHaveLength(4);
  });

  it('finds the choices of a poll by its server id or, before sync, its local id', () => {
    expect(isChoiceOf(choice('A', 5, 2), rows[2]!)).toBe(true);
    expect(isChoiceOf(choice('B', null, 'local-Offline'), rows[1]!)).toBe(true);
    expect(isChoiceOf(choice('C', 6, 1), rows[2]!)).toBe(false);
    expect(orderedChoices([choice('late', null, 2), choice('second', 9, 2), choice('first', 4, 2)]).map((row) => row.name)).toEqual([
      'first',
      'second',
      'late',
    ]);
  });

  it('keeps join codes to 4 digits and shows a dash for a date the server has not given', () => {
    expect(joinCodeInput('12a345')).toBe('1234');
    expect(createdDate({})).toBe('—');
    expect(createdDate({ created_at: '2026-03-04T10:00:00Z' })).toMatch(/2026/);
  });
});
