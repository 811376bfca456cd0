import { describe, expect, it } from 'vitest';
import { linkPieces } from './link-breaks';

describe('linkPieces', () => {
  it('cuts after the scheme’s slashes, each path slash and the host’s dots, never inside a word', () => {
    expect(linkPieces('http://192.168.1.20:4173/play/demo-live-quiz')).toEqual([
      'http://',
      '192.',
      '168.',
      '1.',
      '20:4173/',
      'play/',
      'demo-live-quiz',
    ]);
  });

  it('breaks a query after its "?" and "&" and a fragment after its "#"', () => {
    expect(linkPieces('https://quiz.example/play/poll/ab?x=1&y=2#top')).toEqual([
      'https://',
      'quiz.',
      'example/',
      'play/',
      'poll/',
      'ab?',
      'x=1&',
      'y=2#',
      'top',
    ]);
  });

  it('gives the link back whole when joined, whatever it is', () => {
    for (const link of ['', 'plain', '///', 'a..b', 'http://x/y/']) expect(linkPieces(link).join('')).toBe(link);
  });
});
