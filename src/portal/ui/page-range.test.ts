import { pageCount, pageRange, pageSlice } from './page-range';

describe('pager range', () => {
  it('counts pages, with one page for an empty list', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('shows five pages at a time, the active one centred', () => {
    expect(pageRange(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageRange(3, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageRange(4, 12)).toEqual([2, 3, 4, 5, 6]);
    expect(pageRange(7, 12)).toEqual([5, 6, 7, 8, 9]);
    expect(pageRange(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });

  it('shows fewer when there are fewer pages, and keeps a page out of range inside', () => {
    expect(pageRange(1, 3)).toEqual([1, 2, 3]);
    expect(pageRange(9, 3)).toEqual([1, 2, 3]);
    expect(pageRange(0, 0)).toEqual([1]);
  });

  it('slices one page of items', () => {
    const items = Array.from({ length: 23 }, (_, index) => index + 1);
    expect(pageSlice(items, 1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageSlice(items, 3, 10)).toEqual([21, 22, 23]);
  });
});
