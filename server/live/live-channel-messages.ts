import type { LocalRtdbOptions, UpgradeRequest } from './local-rtdb';

// What the API server and the embedded live channel's process (live-channel-process.ts) tell each other.

export type ParentMessage =
  | { type: 'start'; options: LocalRtdbOptions }
  /** Comes with the phone's socket as the message's handle; `head` is what followed the request, base64. */
  | { type: 'upgrade'; request: UpgradeRequest; head: string }
  /** The API server is closing: drop the phones' sockets (it waits for them), keep firebase-admin's. */
  | { type: 'close-viewers' }
  | { type: 'stop' };

export type ChildMessage =
  { type: 'ready'; host: string; port: number } | { type: 'failed'; message: string; missingPackage: boolean } | { type: 'viewers-closed' };
