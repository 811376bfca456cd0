import { vi } from 'vitest';
import type { CurrentUser } from '../../lib/contract/accounts';

// Test helpers: the network boundary (fetch) replaced by a scripted one.

export const demoUser: CurrentUser = {
  id: 1,
  username: 'admin',
  email: 'admin@demo.quiz',
  first_name: 'Ada',
  last_name: 'Admin',
  client: 7,
  client_details: { id: 7, name: 'Demo', poll_enabled: true, social_auth_feature: true, business_logo_url: null },
};

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export type Answer = (request: Request) => Response | Promise<Response>;

/** What the code under test sent, read at once because ky's Request body can only be read once. */
export interface SentRequest {
  method: string;
  path: string;
  headers: Headers;
  body: string;
  signal: AbortSignal;
}

/** Replaces fetch; `answer` decides each reply. `sent` lists the requests in order. */
export function mockFetch(answer: Answer) {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.body ? await request.clone().text() : '';
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      headers: request.headers,
      body,
      signal: request.signal,
    });
    return answer(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, sent };
}

export function requestsTo(sent: SentRequest[], path: string): SentRequest[] {
  return sent.filter((request) => request.path === path);
}
