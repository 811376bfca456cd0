import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayPoll } from '../lib/contract/play';
import { PLAY_MESSAGES } from '../lib/contract/play-messages';
import { PollPage } from './PollPage';

// The poll page in jsdom against a scripted server and live channel: join code, one vote, the results as the
// server gives them (it leaves out what show_options / show_total_votes hide), a refusal's message.

const live = vi.hoisted(() => {
  const listeners = new Map<string, (value: unknown) => void>();
  return {
    listeners,
    module: {
      subscribePoll: (linkKey: string, onValue: (value: unknown) => void) => {
        listeners.set(linkKey, onValue);
        return () => listeners.delete(linkKey);
      },
      connectLive: () => new Promise(() => undefined),
      subscribeConnection: () => () => undefined,
    },
  };
});
vi.mock('../live', () => live.module);

const BRANDING = { business_name: 'Demo Pub', description: '', business_logo: null, background_image: null, mascot_logo: null };

function fakePollServer(options: { showVotes: boolean }) {
  const server = {
    votes: new Map<number, number>([
      [1, 2],
      [2, 5],
    ]),
    voted: null as number | null,
    calls: [] as string[],
    active: true,
    /** While set, reads of the poll wait for it. */
    held: null as Promise<void> | null,
  };
  const poll = (): PlayPoll => ({
    link_key: 'p1',
    name: 'Best snack?',
    active: server.active,
    show_options: options.showVotes,
    show_total_votes: options.showVotes,
    choices: [
      { id: 1, name: 'Crisps', votes: options.showVotes ? server.votes.get(1)! : null },
      { id: 2, name: 'Nuts', votes: options.showVotes ? server.votes.get(2)! : null },
    ],
    total_votes: options.showVotes ? [...server.votes.values()].reduce((a, b) => a + b) : null,
    my_choice: server.voted,
    branding: BRANDING,
    server_time: Date.now(),
  });
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = input.replace('/api/v1/play/', '');
    const auth = (init.headers as Record<string, string>).Authorization ?? '';
    server.calls.push(`${init.method ?? 'GET'} ${path} ${auth}`);
    if (path === 'polls/p1/') {
      if (server.held) await server.held;
      return json(200, poll());
    }
    if (path === 'polls/p1/join') {
      const { join_code } = JSON.parse(String(init.body)) as { join_code: string };
      return join_code === '4321' ? json(201, { token: 'voter-1' }) : json(400, { join_code: [PLAY_MESSAGES.wrongJoinCode] });
    }
    if (path === 'polls/p1/vote') {
      if (!server.active) return json(409, { detail: PLAY_MESSAGES.pollClosed });
      const { choice } = JSON.parse(String(init.body)) as { choice: number };
      server.voted = choice;
      server.votes.set(choice, server.votes.get(choice)! + 1);
      return json(200, poll());
    }
    return json(404, { detail: 'Not found.' });
  });
  return server;
}

const wait = { timeout: 4000 };

beforeEach(() => {
  localStorage.clear();
  live.listeners.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('PollPage', () => {
  it('joins with the code, votes once and shows the counts and total', async () => {
    const server = fakePollServer({ showVotes: true });
    const user = userEvent.setup();
    render(<PollPage linkKey="p1" />);
    await user.type(await screen.findByLabelText('Join code', {}, wait), '1111');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PLAY_MESSAGES.wrongJoinCode);
    await user.clear(screen.getByLabelText('Join code'));
    await user.type(screen.getByLabelText('Join code'), '4321');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await user.click(await screen.findByRole('button', { name: 'Nuts' }, wait));
    expect(await screen.findByRole('heading', { name: 'Thanks for voting' }, wait)).toBeInTheDocument();
    expect(screen.getByText('6 votes')).toBeInTheDocument();
    expect(screen.getByText('Total votes: 8')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Crisps' })).toBeNull();
    expect(server.calls).toContain('POST polls/p1/vote Participant voter-1');
    expect(localStorage.getItem('play:poll:p1:token')).toBe('"voter-1"');
  });

  it('hides the counts the poll does not show, and follows the live node', async () => {
    const server = fakePollServer({ showVotes: false });
    localStorage.setItem('play:poll:p1:token', JSON.stringify('voter-1'));
    server.voted = 1;
    render(<PollPage linkKey="p1" />);
    expect(await screen.findByRole('heading', { name: 'Thanks for voting' }, wait)).toBeInTheDocument();
    expect(screen.queryByText(/votes/)).toBeNull();
    // The live channel loads once the first screen has painted.
    await vi.waitFor(() => expect(live.listeners.has('p1')).toBe(true), wait);
    const reads = server.calls.filter((call) => call.startsWith('GET')).length;
    act(() => live.listeners.get('p1')?.({ votes: { '1': 3 } }));
    await vi.waitFor(() => expect(server.calls.filter((call) => call.startsWith('GET')).length).toBeGreaterThan(reads), wait);
  });

  it('loads the live channel only once the first screen has painted', async () => {
    const server = fakePollServer({ showVotes: true });
    let release = () => {};
    server.held = new Promise((resolve) => (release = resolve));
    render(<PollPage linkKey="p1" />);
    expect(await screen.findByText('Loading the poll…', {}, wait)).toBeInTheDocument();
    // Longer than a frame: the poll is not read yet, so nothing of the live channel has started.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(live.listeners.size).toBe(0);
    act(() => release());
    expect(await screen.findByRole('heading', { name: 'Join the poll' }, wait)).toBeInTheDocument();
    await vi.waitFor(() => expect(live.listeners.has('p1')).toBe(true), wait);
  });

  it("shows the server's refusal when the poll closed before the vote", async () => {
    const server = fakePollServer({ showVotes: true });
    localStorage.setItem('play:poll:p1:token', JSON.stringify('voter-1'));
    const user = userEvent.setup();
    render(<PollPage linkKey="p1" />);
    const button = await screen.findByRole('button', { name: 'Crisps' }, wait);
    server.active = false;
    await user.click(button);
    expect(await screen.findByRole('alert', {}, wait)).toHaveTextContent(PLAY_MESSAGES.pollClosed);
  });
});
