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
  /** Public origin of the portal; reset links fall back to it. */
  portalUrl: string;
  /** Origins (scheme://host:port) allowed for CORS and for reset links; portalUrl's origin is always one. */
  allowedOrigins: string[];
  smtpUrl: string | null;
  uploadMaxBytes: number;
  logLevel: string;
  /** Enables /api/__test__/* routes for end-to-end tests. Never on in production. */
  e2eTestHooks: boolean;
  /** The built portal (vite build output). */
  staticDir: string;
  /** Failed logins allowed per address and per email within loginRateWindowMs. */
  loginRateLimit: number;
  loginRateWindowMs: number;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function text(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  return raw ? raw : fallback;
}

function originOf(url: string, name: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${url}"`);
  }
}

export function loadConfig(env: Env = process.env): Config {
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
  const portalUrl = text(env, 'PORTAL_URL', `http://${host}:${port}`).replace(/\/+$/, '');
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
    portalUrl,
    allowedOrigins,
    smtpUrl: env.SMTP_URL?.trim() || null,
    uploadMaxBytes: integer(env, 'UPLOAD_MAX_BYTES', 5 * 1024 * 1024),
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    e2eTestHooks: env.E2E_TEST_HOOKS === '1',
    staticDir: path.resolve(text(env, 'STATIC_DIR', './dist')),
    loginRateLimit: integer(env, 'LOGIN_RATE_LIMIT', 10),
    loginRateWindowMs: integer(env, 'LOGIN_RATE_WINDOW_MS', 15 * 60 * 1000),
  };
}
