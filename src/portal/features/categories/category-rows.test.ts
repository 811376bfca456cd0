import { nameTaken, updatedDate, visibleCategories, type CategoryRow } from './category-rows';

const row = (name: string, serverId: number | null, updated_at?: string): CategoryRow => ({
  localId: serverId === null ? `local-${name}` : `s-${serverId}`,
  serverId,
  syncState: serverId === null ? 'pending' : 'synced',
  serverCopy: null,
  name,
  updated_at,
});

describe('category rows', () => {
  const rows = [row('music', 3), row('History', 1), row('Art', null), row('Music', 2), row('World Music', 5)];

  it('orders like the server: by lower-cased name, then id, local rows after their namesakes', () => {
    expect(visibleCategories(rows, '').map((item) => `${item.name}:${item.serverId}`)).toEqual([
      'Art:null',
      'History:1',
      'Music:2',
      'music:3',
      'World Music:5',
    ]);
  });

  it('filters by every term, and a cleared search shows everything again', () => {
    expect(visibleCategories(rows, 'music WORLD').map((item) => item.name)).toEqual(['World Music']);
    expect(visibleCategories(rows, 'mus')).toHaveLength(3);
    expect(visibleCategories(rows, '  ')).toHaveLength(5);
  });

  it('finds a taken name whatever its case, except on the row being edited', () => {
    expect(nameTaken(rows, ' history ')).toBe(true);
    expect(nameTaken(rows, 'History', 's-1')).toBe(false);
    expect(nameTaken(rows, 'Sport')).toBe(false);
  });

  it('shows the updated date, or a dash before the server has the row', () => {
    expect(updatedDate({ updated_at: undefined })).toBe('—');
    expect(updatedDate({ updated_at: '2026-03-04T10:00:00Z' })).toMatch(/2026/);
  });
});
