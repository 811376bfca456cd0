import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { PlayPoll } from '../lib/contract/play';
import { PLAY_MESSAGES } from '../lib/contract/play-messages';
import { normaliseJoinCode } from '../lib/quiz-rules';
import { playApi } from './api';
import { device } from './device';
import { PlayError } from './http';
import { useOnline } from './connection';
import { followPoll } from './live-hooks';
import { useLiveNode } from '../live/use-live-node';
import { Branding, ErrorMessage, Frame, OfflineNote, useAfterPaint } from './parts';

// A poll (docs/decisions.md "Play"): the poll's join code, one vote per phone, and the results as the poll's show_options and
// show_total_votes allow (the server leaves out what may not be shown). The live node's every change reads the
// poll again.

type Loaded = { poll: PlayPoll | null; message: string | null };

/** `linkKey`: the poll's link key, from its address /play/poll/{link_key}. */
export function PollPage({ linkKey }: { linkKey: string }) {
  const [token, setToken] = useState(() => device.voterToken(linkKey));
  const [loaded, setLoaded] = useState<Loaded>({ poll: null, message: null });
  const [missing, setMissing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [joinCode, setJoinCode] = useState('');
  const online = useOnline();
  // Whether a read of the poll has ended (answered or failed).
  const [readOnce, setReadOnce] = useState(false);

  const load = useCallback(async () => {
    try {
      const poll = await playApi.poll(linkKey, token);
      setLoaded((current) => ({ ...current, poll }));
      setMissing(null);
    } catch (error) {
      const refusal = error instanceof PlayError ? error : new PlayError(0, String(error));
      if (refusal.status === 401 && token) {
        // The voter token is no longer known: join again.
        device.saveVoterToken(linkKey, null);
        setToken(null);
      } else if (refusal.status === 404) setMissing(PLAY_MESSAGES.unknownPoll);
      else setLoaded((current) => ({ ...current, message: refusal.message }));
    }
    setReadOnce(true);
  }, [linkKey, token]);
  useEffect(() => {
    void load();
  }, [load]);

  // Firebase loads once the first screen has painted, as on the quiz pages (use-quiz-play.ts): that screen needs only
  // the poll's read; each live value reads the poll again.
  const live = useLiveNode(useAfterPaint(readOnce) ? linkKey : null, followPoll);
  const spread = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (live === undefined) return undefined;
    spread.current = setTimeout(() => void load(), Math.random() * 400);
    return () => {
      if (spread.current) clearTimeout(spread.current);
    };
  }, [live, load]);

  const join = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { token: voterToken } = await playApi.joinPoll(linkKey, joinCode);
      device.saveVoterToken(linkKey, voterToken);
      setLoaded((current) => ({ ...current, message: null }));
      setToken(voterToken);
    } catch (error) {
      setLoaded((current) => ({ ...current, message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };

  const vote = async (choice: number) => {
    if (!token) return;
    setBusy(true);
    try {
      setLoaded({ poll: await playApi.vote(linkKey, token, choice), message: null });
    } catch (error) {
      setLoaded((current) => ({ ...current, message: error instanceof Error ? error.message : String(error) }));
      await load();
    } finally {
      setBusy(false);
    }
  };

  const { poll, message } = loaded;
  if (missing) {
    return (
      <Frame branding={null}>
        <h1>Poll</h1>
        <ErrorMessage message={missing} />
      </Frame>
    );
  }
  if (!poll) {
    return (
      <Frame branding={null}>
        <OfflineNote online={online} />
        <ErrorMessage message={message} />
        <p role="status">Loading the poll…</p>
      </Frame>
    );
  }
  const voted = poll.my_choice !== null;
  const showResults = voted || !poll.active;
  return (
    <Frame branding={poll.branding}>
      <Branding branding={poll.branding} title={poll.name} />
      <OfflineNote online={online} />
      <ErrorMessage message={message} />
      {!token ? (
        <form onSubmit={(event) => void join(event)} aria-labelledby="poll-join-title">
          <h2 id="poll-join-title">Join the poll</h2>
          <div className="field">
            <label htmlFor="poll-join-code">Join code</label>
            <input
              id="poll-join-code"
              inputMode="numeric"
              autoComplete="off"
              value={joinCode}
              onChange={(event) => setJoinCode(normaliseJoinCode(event.currentTarget.value))}
              disabled={busy}
              required
            />
          </div>
          <button type="submit" className="primary" disabled={busy || joinCode === ''}>
            Join
          </button>
        </form>
      ) : !showResults ? (
        <section aria-labelledby="poll-vote-title">
          <h2 id="poll-vote-title">Choose one</h2>
          <div className="options" role="group" aria-label="Choices">
            {poll.choices.map((choice) => (
              <button key={choice.id} type="button" className="option" disabled={busy} onClick={() => void vote(choice.id)}>
                {choice.name}
              </button>
            ))}
          </div>
        </section>
      ) : (
        <PollResults poll={poll} />
      )}
    </Frame>
  );
}

function PollResults({ poll }: { poll: PlayPoll }) {
  const counts = poll.choices.map((choice) => choice.votes ?? 0);
  const most = Math.max(1, ...counts);
  return (
    <section aria-labelledby="poll-results-title">
      <h2 id="poll-results-title">{poll.my_choice !== null ? 'Thanks for voting' : PLAY_MESSAGES.pollClosed}</h2>
      <ul className="poll-results">
        {poll.choices.map((choice) => (
          <li key={choice.id} className={choice.id === poll.my_choice ? 'mine' : undefined}>
            <span className="choice-name">
              {choice.name}
              {choice.id === poll.my_choice ? <strong> (your vote)</strong> : null}
            </span>
            {choice.votes !== null ? (
              <>
                <span className="votes">{choice.votes === 1 ? '1 vote' : `${choice.votes} votes`}</span>
                <span className="bar" aria-hidden="true" style={{ width: `${(100 * choice.votes) / most}%` }} />
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {poll.total_votes !== null ? <p role="status">{`Total votes: ${poll.total_votes}`}</p> : null}
    </section>
  );
}
