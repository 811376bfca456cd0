import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Holds portal.sqlite, uploads/ and mail/. */
  dataDir: string;
  /** `postgres://...` selects PostgreSQL; otherwise the SQLite file named by sqlitePath. */
  databaseUrl: string | null;
  /** A file path or `:memory:`. */
  sqlitePath: string;
  demoEmail: string;
  demoPassword: string;
  /**
   * The address users reach this server at (PUBLIC_URL), without a trailing slash: absolute URLs in answers
   * (pagination, uploads) start with it. Null: they are built from the request (through trusted proxy headers).
   */
  publicUrl: string | null;
  /** Public origin of the portal; reset links fall back to it. */
  portalUrl: string;
  /** Origins (scheme://host:port) allowed for CORS and for reset links; portalUrl's origin is always one. */
  allowedOrigins: string[];
  smtpUrl: string | null;
  uploadMaxBytes: number;
  logLevel: string;
  /**
   * LOG_FORMAT: `json` (pino, two records per request) or `lines` (one readable line per request). By default
   * `lines` when the server writes to a terminal outside production (`npm start`), `json` otherwise.
   */
  logFormat: 'json' | 'lines';
  /** Enables /api/__test__/* routes for end-to-end tests. Never on in production. */
  e2eTestHooks: boolean;
  /** The built portal (vite build output). */
  staticDir: string;
  /** Failed logins allowed per (email, address) pair within loginRateWindowMs. */
  loginRateLimit: number;
  /** Failed logins allowed per address, whatever the emails, within loginRateWindowMs. */
  loginAddressRateLimit: number;
  loginRateWindowMs: number;
  /** A token unused for this long no longer signs in (idle expiry). */
  tokenIdleTtlMs: number;
  /** Fastify's trustProxy: which proxies' X-Forwarded-* headers are believed (a hop count or addresses). */
  trustProxy: false | number | string[];
  /** Bearer token that opens GET /metrics on the API port; null keeps it closed there. */
  metricsToken: string | null;
  /**
   * Sign-in providers (OpenID Connect) may be on loopback or private addresses (OIDC_ALLOW_PRIVATE_NETWORK=1): off,
   * a tenant admin's issuer cannot make this server call its own network (http/provider-fetch.ts).
   */
  oidcAllowPrivateNetwork: boolean;
  /** A separate port serving /metrics (on HOST), or null. */
  metricsPort: number | null;
  /** S3-compatible object storage for uploads; null stores them under DATA_DIR/uploads. */
  s3: S3Settings | null;
  /** `serve` migrates the database itself before listening (otherwise `npm run migrate` does, once). */
  migrateOnBoot: boolean;
  /** `serve` creates the demo client and its content on an empty database. */
  seedDemo: boolean;
  /** PostgreSQL: connections in each server's pool. */
  pgPoolMax: number;
  /** How long a SIGTERM waits for requests in flight before the process gives up and exits. */
  shutdownGraceMs: number;
  /** How long a client may take to send a whole request, headers and body (Node's requestTimeout). */
  requestTimeoutMs: number;
  /** How long a client may take to send a request's headers (Node's headersTimeout); at most requestTimeoutMs. */
  headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open after an answer; above the proxy's (nginx: 60 s upstream). */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way for this long is closed (0: never). */
  connectionTimeoutMs: number;
  /** Requests one keep-alive connection may carry before the server closes it (0: no limit). */
  maxRequestsPerSocket: number;
}

export interface S3Settings {
  bucket: string;
  /** Another S3-compatible service (MinIO, R2...); null means AWS itself. */
  endpoint: string | null;
  region: string;
  /** Null: the SDK's own credential chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** bucket in the path (http://host/bucket/key), which most S3-compatible servers want. */
  forcePathStyle: boolean;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function positive(env: Env, name: string, fallback: number): number {
  const value = integer(env, name, fallback);
  if (value === 0) throw new Error(`${name} must be at least 1`);
  return value;
}

function text(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  return raw ? raw : fallback;
}

function flag(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase() ?? '';
  if (raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new Error(`${name} must be 1 or 0, got "${env[name]}"`);
}

/**
 * TRUST_PROXY: empty, 0 or false trusts no proxy (the peer is the client); a number trusts that many hops
 * from the server; otherwise a comma-separated list of proxy addresses or CIDR ranges (or proxy-addr's
 * names loopback, linklocal, uniquelocal). Trusting every peer (true) is refused: any client could then
 * choose its own address and dodge the login limits.
 */
export function trustProxyOf(raw: string | undefined): Config['trustProxy'] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value.toLowerCase() === 'true')
    throw new Error('TRUST_PROXY=true would believe any client: give the number of proxies in front (e.g. 1) or their addresses');
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function s3Of(env: Env): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint) originOf(endpoint, 'S3_ENDPOINT');
  return {
    bucket,
    endpoint,
    region: text(env, 'S3_REGION', 'us-east-1'),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE'),
  };
}

function originOf(url: string, name: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${url}"`);
  }
}

function logFormatOf(env: Env, terminal: boolean): Config['logFormat'] {
  const raw = env.LOG_FORMAT?.trim().toLowerCase();
  if (raw === 'json' || raw === 'lines') return raw;
  if (raw) throw new Error(`LOG_FORMAT must be json or lines, got "${env.LOG_FORMAT}"`);
  return terminal && env.NODE_ENV !== 'production' ? 'lines' : 'json';
}

/** `terminal`: the server's standard output is a terminal (the default log format depends on it). */
export function loadConfig(env: Env = process.env, terminal = Boolean(process.stdout.isTTY)): Config {
  const port = integer(env, 'PORT', 3000);
  const host = text(env, 'HOST', '127.0.0.1');
  const dataDir = path.resolve(text(env, 'DATA_DIR', './data'));
  const rawDatabaseUrl = env.DATABASE_URL?.trim() ?? '';
  const isPostgres = /^postgres(ql)?:\/\//.test(rawDatabaseUrl);
  const sqlitePath =
    rawDatabaseUrl === ':memory:'
      ? ':memory:'
      : !isPostgres && rawDatabaseUrl
        ? path.resolve(rawDatabaseUrl)
        : path.join(dataDir, 'portal.sqlite');
  const rawPublicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '') || null;
  if (rawPublicUrl) originOf(rawPublicUrl, 'PUBLIC_URL');
  const portalUrl = text(env, 'PORTAL_URL', rawPublicUrl ?? `http://${host}:${port}`).replace(/\/+$/, '');
  const metricsPort = env.METRICS_PORT?.trim() ? integer(env, 'METRICS_PORT', 0) : null;
  const listed = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => originOf(item, 'ALLOWED_ORIGINS'));
  const allowedOrigins = [...new Set([originOf(portalUrl, 'PORTAL_URL'), ...listed])];
  return {
    port,
    host,
    dataDir,
    databaseUrl: isPostgres ? rawDatabaseUrl : null,
    sqlitePath,
    demoEmail: text(env, 'DEMO_EMAIL', 'admin@demo.quiz').toLowerCase(),
    demoPassword: text(env, 'DEMO_PASSWORD', 'demo-pass-2026'),
    publicUrl: rawPublicUrl,
    portalUrl,
    allowedOrigins,
    smtpUrl: env.SMTP_URL?.trim() || null,
    uploadMaxBytes: integer(env, 'UPLOAD_MAX_BYTES', 5 * 1024 * 1024),
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    logFormat: logFormatOf(env, terminal),
    e2eTestHooks: env.E2E_TEST_HOOKS === '1',
    staticDir: path.resolve(text(env, 'STATIC_DIR', './dist')),
    loginRateLimit: positive(env, 'LOGIN_RATE_LIMIT', 10),
    loginAddressRateLimit: positive(env, 'LOGIN_ADDRESS_RATE_LIMIT', 100),
    loginRateWindowMs: integer(env, 'LOGIN_RATE_WINDOW_MS', 15 * 60 * 1000),
    tokenIdleTtlMs: positive(env, 'TOKEN_IDLE_DAYS', 30) * 24 * 60 * 60 * 1000,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    oidcAllowPrivateNetwork: flag(env, 'OIDC_ALLOW_PRIVATE_NETWORK'),
    metricsPort,
    s3: s3Of(env),
    migrateOnBoot: flag(env, 'MIGRATE_ON_BOOT'),
    seedDemo: flag(env, 'SEED_DEMO'),
    pgPoolMax: positive(env, 'PG_POOL_MAX', 10),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000),
    ...timeoutsOf(env),
  };
}

/** The connection limits (a slow sender cannot hold the server); see docs/configuration.md. */
function timeoutsOf(env: Env) {
  const requestTimeoutMs = positive(env, 'REQUEST_TIMEOUT_MS', 60_000);
  const headersTimeoutMs = positive(env, 'HEADERS_TIMEOUT_MS', Math.min(10_000, requestTimeoutMs));
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new Error(`HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  return {
    requestTimeoutMs,
    headersTimeoutMs,
    keepAliveTimeoutMs: positive(env, 'KEEP_ALIVE_TIMEOUT_MS', 65_000),
    connectionTimeoutMs: integer(env, 'CONNECTION_TIMEOUT_MS', 120_000),
    maxRequestsPerSocket: integer(env, 'MAX_REQUESTS_PER_SOCKET', 1000),
  };
}
