import { describe, expect, it } from 'vitest';
import { parseRoute } from './route';

describe('parseRoute', () => {
  it('reads a quiz and a poll address', () => {
    expect(parseRoute('/play/AbC123')).toEqual({ page: 'quiz', hash: 'AbC123' });
    expect(parseRoute('/play/AbC123/')).toEqual({ page: 'quiz', hash: 'AbC123' });
    expect(parseRoute('/play/poll/xyz-9')).toEqual({ page: 'poll', linkKey: 'xyz-9' });
  });

  it('refuses anything else', () => {
    for (const path of ['/play/', '/play', '/play/poll', '/play/poll/', '/play/a/b', '/play/%3Cscript%3E', '/list-quiz']) {
      expect(parseRoute(path)).toEqual({ page: 'none' });
    }
  });
});
