import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      demoEmail: 'admin@demo.quiz',
      demoPassword: 'demo-pass-2026',
      portalUrl: 'http://127.0.0.1:3000',
      allowedOrigins: ['http://127.0.0.1:3000'],
      smtpUrl: null,
      uploadMaxBytes: 5 * 1024 * 1024,
      e2eTestHooks: false,
    });
    expect(config.sqlitePath).toBe(path.resolve('data/portal.sqlite'));
  });

  it('selects PostgreSQL by URL, keeps :memory:, and always allows the portal origin', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' }).databaseUrl).toBe('postgres://u@localhost/db');
    expect(loadConfig({ DATABASE_URL: ':memory:' }).sqlitePath).toBe(':memory:');
    const config = loadConfig({ PORTAL_URL: 'https://quiz.example/', ALLOWED_ORIGINS: 'http://localhost:5173/, https://quiz.example' });
    expect(config.portalUrl).toBe('https://quiz.example');
    expect(config.allowedOrigins).toEqual(['https://quiz.example', 'http://localhost:5173']);
  });

  it('refuses malformed numbers and URLs with the variable name', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'not a url' })).toThrow(/ALLOWED_ORIGINS/);
  });
});

describe('log format', () => {
  it('prints readable lines at a terminal, JSON in production or without a terminal, and LOG_FORMAT decides when set', () => {
    expect(loadConfig({}, true).logFormat).toBe('lines');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'lines', NODE_ENV: 'production' }, false).logFormat).toBe('lines');
    expect(() => loadConfig({ LOG_FORMAT: 'pretty' })).toThrow(/LOG_FORMAT must be json or lines/);
  });
});

describe('deployment settings', () => {
  it('are off by default: no proxy trusted, no public URL, metrics closed, uploads on disk, no boot migration or demo', () => {
    expect(loadConfig({})).toMatchObject({
      trustProxy: false,
      publicUrl: null,
      metricsToken: null,
      metricsPort: null,
      s3: null,
      migrateOnBoot: false,
      seedDemo: false,
      pgPoolMax: 10,
    });
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, and refuses to trust everyone', () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('takes PUBLIC_URL without its trailing slash, and the portal URL (reset links) from it unless PORTAL_URL is set', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://quiz.example/' });
    expect(config.publicUrl).toBe('https://quiz.example');
    expect(config.portalUrl).toBe('https://quiz.example');
    expect(config.allowedOrigins).toEqual(['https://quiz.example']);
    expect(loadConfig({ PUBLIC_URL: 'https://api.example', PORTAL_URL: 'https://quiz.example' }).portalUrl).toBe('https://quiz.example');
    expect(() => loadConfig({ PUBLIC_URL: 'quiz.example' })).toThrow(/PUBLIC_URL/);
  });

  it('reads the S3 settings when a bucket is named, and wants both keys or neither', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'uploads',
        S3_ENDPOINT: 'http://127.0.0.1:9001',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '1',
      }).s3,
    ).toEqual({
      bucket: 'uploads',
      endpoint: 'http://127.0.0.1:9001',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'uploads', S3_REGION: 'eu-west-3' }).s3).toMatchObject({
      endpoint: null,
      region: 'eu-west-3',
      credentials: null,
    });
    expect(() => loadConfig({ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });

  it('reads the boot switches, the metrics settings and the pool size, refusing what it cannot use', () => {
    expect(
      loadConfig({ MIGRATE_ON_BOOT: '1', SEED_DEMO: 'true', METRICS_TOKEN: 's3cret', METRICS_PORT: '9464', PG_POOL_MAX: '25' }),
    ).toMatchObject({ migrateOnBoot: true, seedDemo: true, metricsToken: 's3cret', metricsPort: 9464, pgPoolMax: 25 });
    expect(() => loadConfig({ MIGRATE_ON_BOOT: 'yes please' })).toThrow(/MIGRATE_ON_BOOT/);
    expect(() => loadConfig({ PG_POOL_MAX: '0' })).toThrow(/PG_POOL_MAX/);
  });
});
