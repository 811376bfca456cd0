import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalRtdb, type LocalRtdb } from '../../../server/live/local-rtdb';
import { startTestS3, type TestS3 } from '../../../server/test/s3rver';

// The production topology of compose.yaml without containers: PostgreSQL (a throwaway cluster,
// as scripts/test-postgres.sh makes), an S3-compatible store (s3rver), one local realtime database both
// instances publish to, `npm run migrate` run by both instances at once, then two compiled servers
// (dist-server/main.js, serving dist/) behind nginx with deploy/nginx/quiz-portal.conf.template.
// Used by the deployment e2e test (tests/deploy) and the proxy benchmark (tests/bench).

const root = path.resolve(import.meta.dirname, '../../..');

export const METRICS_TOKEN = 'topology-metrics-token';

export interface TopologyTools {
  nginx: string;
  /** PostgreSQL's server binaries (initdb, pg_ctl). */
  postgresBin: string;
}

/** The tools the topology needs, or what is missing (Debian: apt-get install -y nginx postgresql). */
export function findTopologyTools(): { tools: TopologyTools } | { missing: string[] } {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((candidate) => existsSync(candidate));
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const postgresBin = versions
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => `/usr/lib/postgresql/${version}/bin`)
    .find((bin) => existsSync(path.join(bin, 'initdb')));
  if (nginx && postgresBin) return { tools: { nginx, postgresBin } };
  return { missing: [...(nginx ? [] : ['nginx']), ...(postgresBin ? [] : ['PostgreSQL server binaries'])] };
}

export interface Topology {
  /** nginx, in front of both instances; PUBLIC_URL of both. */
  proxyOrigin: string;
  /** Each instance directly. */
  instances: string[];
  databaseUrl: string;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const isRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: its tools run as the postgres user then. */
function asPostgres(command: string, args: string[]): { command: string; args: string[] } {
  return isRoot ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] } : { command, args };
}

function runChecked(command: string, args: string[], what: string): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${what} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

async function startPostgres(bin: string, workDir: string): Promise<{ url: string; stop(): void }> {
  const dir = path.join(workDir, 'postgres');
  runChecked('mkdir', ['-p', dir], 'mkdir');
  chmodSync(dir, 0o755);
  if (isRoot) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  const initdb = asPostgres(path.join(bin, 'initdb'), [
    '-D',
    data,
    '--auth=trust',
    '--username=postgres',
    '--encoding=UTF8',
    '--no-locale',
  ]);
  runChecked(initdb.command, initdb.args, 'initdb');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=50`;
  const start = asPostgres(path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '30',
    '-o',
    options,
    'start',
  ]);
  runChecked(start.command, start.args, 'pg_ctl start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const stop = asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      spawnSync(stop.command, stop.args);
    },
  };
}

function postgresIds(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const fields = line?.split(':');
  if (!fields) throw new Error('no postgres user (Debian creates it with the postgresql package)');
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

interface Started {
  child: ChildProcess;
  output: () => string;
}

/** A child process whose output is kept (and shown when it fails); resolves once `ready` is printed. */
function startChild(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, what: string): Promise<Started> {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${what} not ready after 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!ready.test(output)) return;
      clearTimeout(timer);
      resolve({ child, output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}):\n${output}`));
    });
  });
}

function runNode(script: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${script} exited (${code}):\n${output}`))));
  });
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Fills the proxy template of compose.yaml and wraps it in a main configuration that runs unprivileged. */
function nginxConfig(workDir: string, listenPort: number, upstreams: readonly string[]): string {
  const template = readFileSync(path.join(root, 'deploy/nginx/quiz-portal.conf.template'), 'utf8');
  const values: Record<string, string> = { LISTEN_PORT: `127.0.0.1:${listenPort}`, APP_1: upstreams[0] ?? '', APP_2: upstreams[1] ?? '' };
  const site = template.replace(/\$\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template: no value for \${${name}}`);
    return value;
  });
  writeFileSync(path.join(workDir, 'quiz-portal.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(workDir, `${name}-temp`)};`;
  return [
    'daemon off;',
    'worker_processes 1;',
    ...(isRoot ? ['user root;'] : []),
    `pid ${path.join(workDir, 'nginx.pid')};`,
    `error_log ${path.join(workDir, 'nginx-error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    `  include ${path.join(workDir, 'quiz-portal.conf')};`,
    '}',
    '',
  ].join('\n');
}

async function waitForHealth(origin: string, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await fetch(`${origin}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer /api/health at ${origin}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface TopologyOptions {
  /** The proxy's port; a free one by default. */
  proxyPort?: number;
  /** Creates the demo client and content (`npm run seed`) before the instances start. */
  seedDemo?: boolean;
  /** Fills the database after migrating, before the instances start. */
  seed?: (databaseUrl: string) => Promise<void>;
  /** Serve the built portal (dist/) too; the benchmark needs only the API. */
  portal?: boolean;
  /** Extra environment of both instances. */
  env?: Record<string, string>;
}

export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const found = findTopologyTools();
  if ('missing' in found) throw new Error(`the deployment topology needs ${found.missing.join(' and ')}`);
  const portal = options.portal ?? true;
  for (const built of ['dist-server/main.js', ...(portal ? ['dist/index.html'] : [])]) {
    if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run npm run build first`);
  }
  const { tools } = found;
  const workDir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-topology-'));
  chmodSync(workDir, 0o755);
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(workDir, { recursive: true, force: true })];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const postgres = await startPostgres(tools.postgresBin, workDir);
    cleanups.push(() => postgres.stop());
    const s3: TestS3 = await startTestS3();
    cleanups.push(() => s3.close());
    const live: LocalRtdb = await startLocalRtdb({ port: 0 });
    cleanups.push(() => live.close());

    const proxyPort = options.proxyPort ?? (await freePort());
    const proxyOrigin = `http://127.0.0.1:${proxyPort}`;
    const instancePorts = [await freePort(), await freePort()];
    const env = (index: number): NodeJS.ProcessEnv => ({
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(instancePorts[index]),
      DATA_DIR: path.join(workDir, `instance-${index + 1}`),
      STATIC_DIR: portal ? path.join(root, 'dist') : path.join(workDir, 'no-portal'),
      DATABASE_URL: postgres.url,
      PG_POOL_MAX: '5',
      ...s3.env,
      FIREBASE_DATABASE_URL: '',
      FIREBASE_DATABASE_EMULATOR_HOST: `${live.host}:${live.port}`,
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: proxyOrigin,
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
      MIGRATE_ON_BOOT: '',
      SEED_DEMO: '',
      E2E_TEST_HOOKS: '',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...options.env,
    });

    // Both instances run their migration step at once, as a deploy starting two replicas would.
    await Promise.all([runNode('dist-server/migrate.js', env(0)), runNode('dist-server/migrate.js', env(1))]);
    if (options.seedDemo) await runNode('dist-server/seed.js', env(0));
    await options.seed?.(postgres.url);

    const instances: string[] = [];
    for (const [index, port] of instancePorts.entries()) {
      const started = await startChild(
        process.execPath,
        ['--enable-source-maps', 'dist-server/main.js'],
        env(index),
        /listening on http:\/\//,
        `instance ${index + 1}`,
      );
      cleanups.push(() => stopChild(started.child));
      instances.push(`http://127.0.0.1:${port}`);
    }

    const config = path.join(workDir, 'nginx.conf');
    writeFileSync(
      config,
      nginxConfig(
        workDir,
        proxyPort,
        instancePorts.map((port) => `127.0.0.1:${port}`),
      ),
    );
    const nginx = spawn(tools.nginx, ['-p', workDir, '-c', config, '-e', path.join(workDir, 'nginx-error.log')], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    cleanups.push(() => stopChild(nginx, 'SIGQUIT'));
    await waitForHealth(proxyOrigin, 'nginx').catch((error: unknown) => {
      const log = path.join(workDir, 'nginx-error.log');
      throw new Error(`${String(error)}\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`);
    });
    return { proxyOrigin, instances, databaseUrl: postgres.url, close };
  } catch (error) {
    await close();
    throw error;
  }
}
