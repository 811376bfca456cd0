import { randomBytes } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectDatabaseEmulator, forceWebSockets, getDatabase, onValue, ref, type Database } from 'firebase/database';
import type { LiveClientConfig } from './live-channel';

// A viewer's Firebase client (the same web SDK the portal uses) for server tests and the benchmark.

forceWebSockets();

export interface ViewerClient {
  database: Database;
  /** Resolves with the first value at `path` that satisfies `accept`. */
  waitFor<T>(path: string, accept: (value: T | null) => boolean, timeoutMs?: number): Promise<T | null>;
  close(): Promise<void>;
}

export function viewerClient(config: LiveClientConfig): ViewerClient {
  const app = initializeApp({ databaseURL: config.databaseURL, projectId: 'quiz-portal' }, `viewer-${randomBytes(6).toString('hex')}`);
  const database = getDatabase(app);
  if (config.emulator) connectDatabaseEmulator(database, config.emulator.host, config.emulator.port);
  return {
    database,
    waitFor<T>(path: string, accept: (value: T | null) => boolean, timeoutMs = 5000) {
      return new Promise<T | null>((resolve, reject) => {
        let last: T | null = null;
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`timed out waiting at ${path}; last value ${JSON.stringify(last)}`));
        }, timeoutMs);
        const stop = onValue(
          ref(database, path),
          (snapshot) => {
            last = snapshot.val() as T | null;
            if (!accept(last)) return;
            clearTimeout(timer);
            stop();
            resolve(last);
          },
          (error) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      });
    },
    close: () => deleteApp(app),
  };
}
