import { whenBackOnline, type Connection, type ServerConnection } from '../lib/server-connection';

// Whether the phone's live channel is connected to this same server (docs/live-channel.md: the embedded channel is
// reached at the page's own host and port). While it is, the open socket is the server answering, so the phone's
// connection needs no health probes to stay online (docs/decisions.md "Online means the server answers"). A live
// channel elsewhere (real Firebase, a stand-in on another host) says nothing about this server and is not followed.

/** What of the live module this needs (src/live): its connection and its `.info/connected`. */
export interface LiveChannel {
  connectLive(): Promise<{ database: { app: { options: { databaseURL?: string } } } }>;
  subscribeConnection(onChange: (connected: boolean) => void, onError?: (error: Error) => void): () => void;
}

/** Whether the live channel's address (its databaseURL, the live config's emulator host) is the page's host and port. */
export function servedBySameOrigin(databaseURL: string | undefined, page: { host: string }): boolean {
  if (!databaseURL) return false;
  try {
    return new URL(databaseURL).host === page.host;
  } catch {
    return false;
  }
}

export class LivePresence {
  private connected = false;
  private following = false;

  /** Whether the same-origin live channel is connected now (the connection's `heardElsewhere`). */
  readonly isConnected = (): boolean => this.connected;

  /**
   * Follows the live channel's connected flag once it opens, if the page's own server serves it. A channel that
   * fails to open is followed again when the server answers again after a drop.
   */
  follow(live: LiveChannel, page: { host: string }, connection: Connection & Pick<ServerConnection, 'elsewhereLost'>): void {
    const start = () => {
      if (this.following) return;
      this.following = true;
      const failed = () => {
        this.following = false;
        this.changed(false, connection);
      };
      live.connectLive().then(({ database }) => {
        if (servedBySameOrigin(database.app.options.databaseURL, page))
          live.subscribeConnection((value) => this.changed(value, connection), failed);
      }, failed);
    };
    whenBackOnline(connection, start);
    start();
  }

  private changed(connected: boolean, connection: Pick<ServerConnection, 'elsewhereLost'>): void {
    const wasConnected = this.connected;
    this.connected = connected;
    // The socket closed (a stopped server closes it too): the server is asked now, not after FRESH_MS.
    if (wasConnected && !connected) connection.elsewhereLost();
  }
}

/** The player app's one (connection.ts reads it, live-hooks.ts feeds it). */
export const livePresence = new LivePresence();
