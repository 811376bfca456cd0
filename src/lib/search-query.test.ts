import { matchesSearch, searchQueryParam, searchTerms } from './search-query';

describe('search query', () => {
  it('sends spaces as + and nothing for a blank search (the full list)', () => {
    expect(searchQueryParam('world  music ')).toBe('world+music');
    expect(searchQueryParam('   ')).toBeNull();
    expect(searchQueryParam('')).toBeNull();
  });

  it('splits terms on spaces and + like the server', () => {
    expect(searchTerms('LIMA+li  x')).toEqual(['lima', 'li', 'x']);
    expect(searchTerms(' ')).toEqual([]);
  });

  it('matches when every term is found in some field, ignoring case', () => {
    expect(matchesSearch(['Lima lima'], 'LIMA li')).toBe(true);
    expect(matchesSearch(['World Music'], 'music world')).toBe(true);
    expect(matchesSearch(['World Music'], 'music jazz')).toBe(false);
    expect(matchesSearch(['Question', 'Sport'], 'sport quest')).toBe(true);
    expect(matchesSearch([null, undefined], 'x')).toBe(false);
  });

  it('matches everything when the search is cleared', () => {
    expect(matchesSearch(['Anything'], '')).toBe(true);
    expect(matchesSearch(['Anything'], '  ')).toBe(true);
  });
});
