import type { FastifyRequest } from 'fastify';
import { expect, it } from 'vitest';
import { pageRequestOf, paginateWith } from './pagination';

// Pages past the middle are read from the end when the source can (OFFSET steps over fewer rows), and are
// the same pages as read from the start.

const request = (query: Record<string, string>) =>
  pageRequestOf({
    query,
    url: '/api/v1/things/',
    protocol: 'http',
    host: 'api.test',
    server: { publicUrl: 'http://api.test' },
  } as unknown as FastifyRequest);

function source(total: number) {
  const rows = Array.from({ length: total }, (_, i) => total - i);
  const calls: string[] = [];
  return {
    calls,
    count: async () => total,
    rows: async (limit: number, offset: number) => {
      calls.push(`start ${offset}`);
      return rows.slice(offset, offset + limit);
    },
    rowsFromEnd: async (limit: number, offset: number) => {
      calls.push(`end ${offset}`);
      return [...rows].reverse().slice(offset, offset + limit);
    },
  };
}

it('reads pages past the middle from the end, giving the same rows in the same order', async () => {
  for (const total of [1, 9, 10, 11, 25, 40]) {
    const reference = Array.from({ length: total }, (_, i) => total - i);
    const pages = Math.ceil(total / 10);
    for (let page = 1; page <= pages; page += 1) {
      const paged = source(total);
      const result = await paginateWith(request({ page: String(page) }), paged);
      expect(result.results, `${total} rows, page ${page}`).toEqual(reference.slice((page - 1) * 10, page * 10));
      expect(result.count).toBe(total);
    }
  }
  const last = source(25);
  expect((await paginateWith(request({ page: 'last' }), last)).results).toEqual([5, 4, 3, 2, 1]);
  expect(last.calls).toEqual(['end 0']);
  const first = source(25);
  await paginateWith(request({}), first);
  expect(first.calls).toEqual(['start 0']);
});

it('writes each request its own next and previous URLs, the same when asked again', async () => {
  const urls = (publicUrl: string, url: string) =>
    pageRequestOf({ query: {}, url, protocol: 'http', host: 'api.test', server: { publicUrl } } as unknown as FastifyRequest).urlOf;
  for (let round = 0; round < 2; round += 1) {
    expect(urls('http://api.test', '/api/v1/things/?page=3&search=a+b')(4)).toBe('http://api.test/api/v1/things/?page=4&search=a+b');
    expect(urls('https://other.test', '/api/v1/things/?page=3&search=a+b')(4)).toBe('https://other.test/api/v1/things/?page=4&search=a+b');
    expect(urls('http://api.test', '/api/v1/things/?search=%C3%A9&page=2')(1)).toBe('http://api.test/api/v1/things/?search=%C3%A9');
    expect(urls('http://api.test', '/api/v1/things/?search=%C3%A9&page=2')(3)).toBe('http://api.test/api/v1/things/?search=%C3%A9&page=3');
  }
});
