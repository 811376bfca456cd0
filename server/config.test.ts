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
