import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

// SIGTERM drains: the real server (server/main.ts) in a child process stops taking connections,
// lets a request already in flight finish and answer, then closes the scheduler, live channel and database
// and exits 0, the embedded live channel's own process with it. The request is held open by sending its body
// only after the signal; `Expect: 100-continue` tells the test when the server has taken the request in.

let child: ChildProcess;
let dataDir: string;
let output = '';
let port = 0;
let livePid = 0;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function waitForOutput(pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(output);
      if (!match) return;
      child.stdout?.off('data', check);
      child.off('exit', onExit);
      resolve(match);
    };
    const onExit = (code: number | null) => reject(new Error(`server exited (${code}) before printing ${pattern}:\n${output}`));
    child.stdout?.on('data', check);
    child.once('exit', onExit);
    check();
  });
}

function readUntil(socket: Socket, pattern: RegExp): Promise<string> {
  let received = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8');
      if (!pattern.test(received)) return;
      socket.off('data', onData);
      resolve(received);
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`connection closed; received: ${received}`)));
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-shutdown-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: path.join(dataDir, 'no-portal'),
      MIGRATE_ON_BOOT: '1',
      FIREBASE_EMULATOR_PORT: '0',
      FIREBASE_DATABASE_URL: '',
      FIREBASE_DATABASE_EMULATOR_HOST: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  port = Number((await waitForOutput(/listening on http:\/\/127\.0\.0\.1:(\d+)/))[1]);
  livePid = Number((await waitForOutput(/embedded realtime database in process (\d+)/))[1]);
});

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('finishes a request in flight after SIGTERM, refuses new ones, and exits cleanly', async () => {
  const body = JSON.stringify({ email: 'nobody@example.test', password: 'not the password' });
  const socket = connect(port, '127.0.0.1');
  const continued = readUntil(socket, /^HTTP\/1\.1 100 Continue\r\n\r\n/);
  socket.write(
    `POST /api/v1/accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await continued;

  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await waitForOutput(/SIGTERM received/);
  const late = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    (answer) => answer.status,
    () => 'refused',
  );
  expect([503, 'refused']).toContain(late);

  const answered = readUntil(socket, /\r\n\r\n\{.*\}$/s);
  socket.write(body);
  const response = await answered;
  expect(response).toMatch(/HTTP\/1\.1 400 Bad Request/);
  expect(response).toContain('Unable to log in with provided credentials.');
  socket.destroy();

  expect(await exited).toBe(0);
  expect(output).toContain('closed cleanly');
  // The embedded live channel's process (server/live/embedded-live-channel.ts) stopped with the server.
  expect(isRunning(livePid)).toBe(false);
});
