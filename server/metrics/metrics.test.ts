import { afterEach, describe, expect, it } from 'vitest';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { countAnswersAcknowledged, metricsRegistry, watchDatabasePool } from './metrics';
import { startMetricsServer } from './metrics-route';

// Prometheus metrics: at /metrics behind a Bearer token, or on a port of their own; requests timed
// by route pattern (never the raw URL) and status; writes with an Idempotency-Key counted as replayed or
// fresh; the database pool; answers acknowledged.

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

/** The value of one series in Prometheus' text format, or undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(): Promise<string> {
  const response = await server.app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-secret' } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

describe('/metrics on the API port', () => {
  it('is served only with METRICS_TOKEN set, and only to a request bearing it', async () => {
    server = await createTestServer();
    expect((await server.app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything' } })).statusCode).toBe(404);
    await server.close();

    server = await createTestServer({ env: { METRICS_TOKEN: 'metrics-secret' } });
    expect((await server.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    await scrape();
  });

  it('times requests by route pattern and status, never by the raw URL', async () => {
    server = await createTestServer({ env: { METRICS_TOKEN: 'metrics-secret' } });
    const { headers } = await signedInTenant(server);
    const series = 'http_request_duration_seconds_count{method="GET",route="/api/v1/category/:id/",status_code="404"}';
    const unmatched = 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}';
    const before = await scrape();
    await server.app.inject({ url: '/api/v1/category/987654/', headers });
    await server.app.inject({ url: '/api/v1/category/123456/?page=2', headers });
    const text = await scrape();
    expect(valueOf(text, series)).toBe((valueOf(before, series) ?? 0) + 2);
    expect(text).not.toMatch(/987654|123456/);
    await server.app.inject({ url: '/api/no-such-thing/12345' });
    expect(valueOf(await scrape(), unmatched)).toBe((valueOf(text, unmatched) ?? 0) + 1);
  });

  it("counts the outbox's writes as fresh or replayed by their Idempotency-Key", async () => {
    server = await createTestServer({ env: { METRICS_TOKEN: 'metrics-secret' } });
    const { headers } = await signedInTenant(server);
    const before = await scrape();
    const fresh = valueOf(before, 'quiz_idempotent_writes_total{outcome="fresh"}') ?? 0;
    const replayed = valueOf(before, 'quiz_idempotent_writes_total{outcome="replayed"}') ?? 0;
    const write = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/category/',
        headers: { ...headers, 'idempotency-key': 'op-1' },
        payload: { name: 'Counted' },
      });
    expect((await write()).statusCode).toBe(201);
    expect((await write()).headers['idempotent-replayed']).toBe('true');
    await server.app.inject({ method: 'POST', url: '/api/v1/category/', headers, payload: { name: 'No key' } });
    const after = await scrape();
    expect(valueOf(after, 'quiz_idempotent_writes_total{outcome="fresh"}')).toBe(fresh + 1);
    expect(valueOf(after, 'quiz_idempotent_writes_total{outcome="replayed"}')).toBe(replayed + 1);
  });

  it('reports the database pool and the answers acknowledged', async () => {
    server = await createTestServer({ env: { METRICS_TOKEN: 'metrics-secret' } });
    watchDatabasePool(server.poolUse);
    const before = valueOf(await scrape(), 'quiz_answers_acknowledged_total') ?? 0;
    countAnswersAcknowledged();
    countAnswersAcknowledged(2);
    const text = await scrape();
    expect(valueOf(text, 'quiz_answers_acknowledged_total')).toBe(before + 3);
    if (server.dialect === 'sqlite') {
      expect(valueOf(text, 'quiz_db_pool_connections{dialect="sqlite"}')).toBe(1);
    } else {
      expect(valueOf(text, 'quiz_db_pool_connections{dialect="postgres"}')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'quiz_db_pool_idle_connections{dialect="postgres"}')).toBeGreaterThanOrEqual(0);
      expect(valueOf(text, 'quiz_db_pool_waiting_queries{dialect="postgres"}')).toBe(0);
    }
  });
});

describe('METRICS_PORT', () => {
  it('serves the same metrics on a port of its own, asking for the token when one is set', async () => {
    server = await createTestServer();
    const open = await startMetricsServer({ host: '127.0.0.1', port: 0, token: null });
    const closed = await startMetricsServer({ host: '127.0.0.1', port: 0, token: 'metrics-secret' });
    try {
      const response = await fetch(`http://127.0.0.1:${open.port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('# TYPE http_request_duration_seconds histogram');
      expect((await fetch(`http://127.0.0.1:${open.port}/other`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${closed.port}/metrics`)).status).toBe(401);
      const authorised = await fetch(`http://127.0.0.1:${closed.port}/metrics`, { headers: { authorization: 'Bearer metrics-secret' } });
      expect(authorised.status).toBe(200);
      expect(authorised.headers.get('content-type')).toBe(metricsRegistry.contentType);
    } finally {
      await open.close();
      await closed.close();
    }
  });
});
