import type { LivePoll, LiveQuizCounts, LiveQuizTopTen } from '../../../lib/contract/live';
import { subscribePoll, subscribeQuizCounts, subscribeQuizTopTen } from '../../../live';
import { useLiveNode } from '../../../live/use-live-node';
import { useLiveConnected, type LiveConnectionState } from '../../../live/use-live-connection';
import { useOnline } from '../../store/sync';

// The stage's live nodes (src/live), kept current while it is on screen. A node is undefined until its
// first value, then the node or null (no node yet).

export const useQuizCounts = (hash: string | null, onValue?: (counts: LiveQuizCounts | null) => void) =>
  useLiveNode(hash, subscribeQuizCounts, onValue);
export const useQuizTopTen = (hash: string | null) => useLiveNode<LiveQuizTopTen>(hash, subscribeQuizTopTen);
/** A poll's votes, by the poll's link key (its live node's path, as its public link's). */
export const useLivePoll = (linkKey: string | null) => useLiveNode<LivePoll>(linkKey, subscribePoll);

/**
 * Whether live updates arrive: connecting at first, then connected; once connected, any drop (the channel or
 * the device's network) is paused ("reconnecting" on the stage) until the channel is back, when Firebase sends
 * the current values.
 */
export function useStageConnection(): LiveConnectionState {
  const online = useOnline();
  const connected = useLiveConnected(true, null);
  if (connected === null) return online ? 'connecting' : 'paused';
  return connected && online ? 'connected' : 'paused';
}
