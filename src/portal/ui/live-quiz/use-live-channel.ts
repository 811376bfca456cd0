import { startTransition, useCallback, useEffect, useState } from 'react';
import type { LiveQuizCounts } from '../../../lib/contract/live';
import { subscribeQuiz, subscribeQuizCounts, type LiveQuiz } from '../../../live';
import { useLiveConnected, type LiveConnectionState } from '../../../live/use-live-connection';
import { useOnline } from '../../store/sync';

// The live channel as List Quiz and the control screen use it: live nodes of several quizzes, whether
// updates are paused, the server's clock, and the screen kept awake. Firebase loads with the first use.

/** Arranges one call of `flush` soon and returns how to call it off. */
export type FlushScheduler = (flush: () => void) => () => void;

/** Where frames do not run (a hidden tab), changes still arrive after this long. */
const FRAME_FALLBACK_MS = 250;

/** The next animation frame, or the fallback delay if no frame comes first. */
export const nextFrame: FlushScheduler = (flush) => {
  const frame = requestAnimationFrame(flush);
  const timer = setTimeout(flush, FRAME_FALLBACK_MS);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};

/** Live nodes that changed since the last flush: a node, or null for a quiz whose node is gone. */
export type LiveNodeChanges<Node = LiveQuiz> = ReadonlyMap<string, Node | null>;

/**
 * Collects live nodes as they arrive and hands them over together once per scheduled flush: the nodes of a
 * page arrive one quiz at a time, and one screen update per node would rebuild the table once per quiz.
 */
export function liveNodeBatcher<Node = LiveQuiz>(apply: (changes: LiveNodeChanges<Node>) => void, schedule: FlushScheduler = nextFrame) {
  let pending = new Map<string, Node | null>();
  let cancel: (() => void) | null = null;
  const flush = () => {
    cancel?.();
    cancel = null;
    const changes = pending;
    pending = new Map();
    if (changes.size > 0) apply(changes);
  };
  return {
    add(quizHash: string, node: Node | null): void {
      pending.set(quizHash, node);
      cancel ??= schedule(flush);
    },
    /** Drops what has not been handed over yet (the screen is going away). */
    stop(): void {
      cancel?.();
      cancel = null;
      pending = new Map();
    },
  };
}

/** The live nodes after a batch of changes. */
export function withLiveNodeChanges<Node = LiveQuiz>(
  current: ReadonlyMap<string, Node>,
  changes: LiveNodeChanges<Node>,
): ReadonlyMap<string, Node> {
  const next = new Map(current);
  for (const [quizHash, node] of changes) {
    if (node) next.set(quizHash, node);
    else next.delete(quizHash);
  }
  return next;
}

/** Reads one live node of a quiz: calls back with it now and on each change; returns the unsubscribe. */
type NodeSubscriber<Node> = (quizHash: string, onNode: (node: Node | null) => void) => () => void;

/**
 * Follows the nodes of the given quizzes (by quiz_hash) while mounted and hands their changes to `apply`, once per
 * frame. `apply` must stay the same function from render to render.
 */
function useNodeSubscriptions<Node>(
  subscribe: NodeSubscriber<Node>,
  quizHashes: readonly string[],
  apply: (changes: LiveNodeChanges<Node>) => void,
): void {
  // One subscription set per distinct list of hashes, not per render.
  const key = [...new Set(quizHashes)].sort().join(' ');
  useEffect(() => {
    const hashes = key ? key.split(' ') : [];
    const batch = liveNodeBatcher<Node>(apply);
    const stops = hashes.map((hash) => subscribe(hash, (node) => batch.add(hash, node)));
    return () => {
      stops.forEach((stop) => stop());
      batch.stop();
    };
  }, [key, subscribe, apply]);
}

/** Nodes of the given quizzes (by quiz_hash), kept current while they are on screen, one screen update per frame. */
function useLiveNodesOf<Node>(subscribe: NodeSubscriber<Node>, quizHashes: readonly string[]): ReadonlyMap<string, Node> {
  const [nodes, setNodes] = useState<ReadonlyMap<string, Node>>(new Map());
  const apply = useCallback((changes: LiveNodeChanges<Node>) => setNodes((current) => withLiveNodeChanges(current, changes)), []);
  useNodeSubscriptions(subscribe, quizHashes, apply);
  return nodes;
}

/**
 * Live nodes kept outside React's state: a component reads the node of its own quiz (`useLiveNode`), so a change
 * renders the components of the quizzes that changed, not the whole list holding the subscriptions.
 */
export interface LiveNodeStore<Node> {
  /** The quiz's node: undefined while it has not arrived. */
  get(quizHash: string): Node | undefined;
  /** Calls `listener` after each batch of changes; returns how to stop. */
  subscribe(listener: () => void): () => void;
}

/** A store of live nodes, changed by batches (`apply`) and read by quiz (`get`). */
export function liveNodeStore<Node>(): LiveNodeStore<Node> & { apply(changes: LiveNodeChanges<Node>): void } {
  let nodes: ReadonlyMap<string, Node> = new Map();
  const listeners = new Set<() => void>();
  return {
    get: (quizHash) => nodes.get(quizHash),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    apply(changes) {
      nodes = withLiveNodeChanges(nodes, changes);
      listeners.forEach((listener) => listener());
    },
  };
}

/** A store without nodes, which never changes (where no list provides one). */
export const NO_LIVE_NODES: LiveNodeStore<never> = { get: () => undefined, subscribe: () => () => undefined };

/** `useLiveNodesOf`, the nodes kept in a store (one per mounted list) instead of the list's state. */
function useLiveNodeStoreOf<Node>(subscribe: NodeSubscriber<Node>, quizHashes: readonly string[]): LiveNodeStore<Node> {
  const [store] = useState(liveNodeStore<Node>);
  useNodeSubscriptions(subscribe, quizHashes, store.apply);
  return store;
}

/**
 * The node of one quiz in a store, re-rendering only when that node changes (undefined until it arrives). Followed
 * in a transition, not with useSyncExternalStore (whose updates React renders at once, in one task): the first
 * counts of a page arrive together, and the Players cells of ten rows rendered in one task were a long task on a
 * phone; a transition's render yields to input between cells.
 */
export function useLiveNode<Node>(store: LiveNodeStore<Node>, quizHash: string | null | undefined): Node | undefined {
  const [node, setNode] = useState(() => (quizHash ? store.get(quizHash) : undefined));
  useEffect(() => {
    const follow = () => {
      const next = quizHash ? store.get(quizHash) : undefined;
      startTransition(() => setNode(() => next));
    };
    // A change between the render and this subscription, or another quiz (a row given its hash by sync), is read here.
    follow();
    return store.subscribe(follow);
  }, [store, quizHash]);
  return node;
}

/** The live nodes of the given quizzes (by quiz_hash), kept current while they are on screen. */
export function useLiveQuizNodes(quizHashes: readonly string[]): ReadonlyMap<string, LiveQuiz> {
  return useLiveNodesOf(subscribeQuiz, quizHashes);
}

/** The counts of a quiz without a counts node: nobody joined since it was published. */
export const NO_COUNTS: LiveQuizCounts = {
  joined: 0,
  question_no: 0,
  answered: 0,
  chosen: {},
  answer_opens_at: null,
  reveal_at: null,
  recent: [],
  sent_at: 0,
};

/** The counts node, a missing one read as zero counts (so only a quiz not heard of yet is absent from the map). */
const subscribeCountsOrNone: NodeSubscriber<LiveQuizCounts> = (quizHash, onNode) =>
  subscribeQuizCounts(quizHash, (counts) => onNode(counts ?? NO_COUNTS));

/**
 * The play counts (joined, answered) of the given quizzes, kept current while they are on screen, in a
 * store: List Quiz's Players cells read their own quiz's counts from it, so counts changing up to 4 times a second
 * render those cells only, not the list and its rows. A quiz whose counts have not arrived yet has
 * none in the store; one without a counts node has NO_COUNTS.
 */
export function useLiveQuizCountsStore(quizHashes: readonly string[]): LiveNodeStore<LiveQuizCounts> {
  return useLiveNodeStoreOf(subscribeCountsOrNone, quizHashes);
}

/** How long a first connection may take before the screen says live updates are paused. */
const CONNECT_GRACE_MS = 5000;

/**
 * Whether live updates arrive: connecting at first (no alarm during the first seconds), then connected,
 * or paused when the device is offline, the channel drops or it does not connect in time. Nothing is
 * opened until `enabled` (a screen may start the channel after its first paint): connecting until then.
 */
export function useLiveChannelState(enabled = true): LiveConnectionState {
  const online = useOnline();
  const connected = useLiveConnected(enabled, false);
  const [graceOver, setGraceOver] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setGraceOver(true), CONNECT_GRACE_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  if (!online || connected === false) return 'paused';
  if (connected) return 'connected';
  return graceOver ? 'paused' : 'connecting';
}

/** Text of the live channel's state, as the screens show it. */
export const LIVE_STATE_TEXT: Record<LiveConnectionState, string> = {
  connecting: 'Connecting to live updates…',
  connected: 'Live',
  paused: 'Live updates paused',
};

export type WakeLockState = 'pending' | 'active' | 'unsupported' | 'refused';

export const WAKE_LOCK_TEXT: Record<WakeLockState, string> = {
  pending: 'Keeping the screen awake…',
  active: 'The screen stays awake while this page is open.',
  unsupported: 'This browser cannot keep the screen awake: keep it on yourself.',
  refused: 'The screen could not be kept awake: keep it on yourself.',
};

/**
 * Keeps the screen awake while mounted (Screen Wake Lock API). The browser drops the lock when the page
 * is hidden, so it is asked for again each time the page becomes visible.
 */
export function useScreenWakeLock(): WakeLockState {
  const supported = typeof navigator !== 'undefined' && 'wakeLock' in navigator;
  const [state, setState] = useState<WakeLockState>(supported ? 'pending' : 'unsupported');
  useEffect(() => {
    if (!supported) return;
    let lock: WakeLockSentinel | null = null;
    let released = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || released) return;
      try {
        const sentinel = await navigator.wakeLock.request('screen');
        if (released) {
          await sentinel.release();
          return;
        }
        lock = sentinel;
        setState('active');
      } catch {
        setState('refused');
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void lock?.release();
    };
  }, [supported]);
  return state;
}
