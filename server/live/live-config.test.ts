import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLiveSettings } from './live-config';

describe('loadLiveSettings', () => {
  it('uses the local server on 127.0.0.1:9000 when no Firebase project is configured', () => {
    expect(loadLiveSettings({})).toEqual({ kind: 'local', host: '127.0.0.1', port: 9000, portIsDefault: true });
    expect(loadLiveSettings({ FIREBASE_EMULATOR_PORT: '0' })).toMatchObject({ kind: 'local', port: 0, portIsDefault: false });
  });

  it('reaches a stand-in already running at FIREBASE_DATABASE_EMULATOR_HOST (several instances share one)', () => {
    expect(loadLiveSettings({ FIREBASE_DATABASE_EMULATOR_HOST: '127.0.0.1:9123' })).toEqual({
      kind: 'emulator',
      host: '127.0.0.1',
      port: 9123,
    });
    expect(() => loadLiveSettings({ FIREBASE_DATABASE_EMULATOR_HOST: '127.0.0.1' })).toThrow(/FIREBASE_DATABASE_EMULATOR_HOST/);
  });

  it('refuses a port that is not one', () => {
    expect(() => loadLiveSettings({ FIREBASE_EMULATOR_PORT: 'abc' })).toThrow(/FIREBASE_EMULATOR_PORT/);
  });

  it('uses a real project with its service account given as JSON or as a file path', () => {
    const account = { project_id: 'quiz-live', client_email: 'svc@quiz-live.iam' };
    const inline = loadLiveSettings({
      FIREBASE_DATABASE_URL: 'https://quiz-live-default-rtdb.firebaseio.com',
      FIREBASE_SERVICE_ACCOUNT: JSON.stringify(account),
      FIREBASE_API_KEY: 'key',
      FIREBASE_PROJECT_ID: 'quiz-live',
    });
    expect(inline).toEqual({
      kind: 'firebase',
      databaseURL: 'https://quiz-live-default-rtdb.firebaseio.com',
      serviceAccount: account,
      client: { apiKey: 'key', projectId: 'quiz-live' },
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'live-config-')), 'account.json');
    writeFileSync(file, JSON.stringify(account));
    expect(loadLiveSettings({ FIREBASE_DATABASE_URL: 'https://x.firebaseio.com', FIREBASE_SERVICE_ACCOUNT: file })).toMatchObject({
      serviceAccount: account,
    });
  });
});
