import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { metricsRegistry, observeRequest } from './metrics';

// Where Prometheus reads the metrics: GET /metrics on the API port when METRICS_TOKEN is set (with
// `Authorization: Bearer <token>`), and/or on its own port (METRICS_PORT), which a deployment keeps off the
// public network. With neither, nothing serves them.

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function hasMetricsToken(headers: IncomingHttpHeaders, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1].trim()), digest(token));
}

/** Times every answer of the app by route pattern and status (routes unknown to the app share one label). */
export function registerRequestMetrics(app: FastifyInstance): void {
  // A callback rather than an async hook: no promise per answer.
  app.addHook('onResponse', (request, reply, done) => {
    observeRequest(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

export function registerMetricsRoute(app: FastifyInstance, token: string): void {
  app.get('/metrics', async (request, reply) => {
    if (!hasMetricsToken(request.headers, token)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ detail: 'Authentication credentials were not provided.' });
    }
    return reply
      .type(metricsRegistry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await metricsRegistry.metrics());
  });
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** The metrics on a port of their own (METRICS_PORT); the token is asked there too when one is set. */
export async function startMetricsServer(options: { host: string; port: number; token: string | null }): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') return void response.writeHead(404).end();
    if (options.token && !hasMetricsToken(request.headers, options.token))
      return void response.writeHead(401, { 'WWW-Authenticate': 'Bearer' }).end();
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': metricsRegistry.contentType, 'Cache-Control': 'no-store' }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
