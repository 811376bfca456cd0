import type { FastifyInstance } from 'fastify';

// GET /api/health answers while the process runs (a container's liveness, a proxy's health check).
// GET /api/ready answers 200 only when every part the server needs answers now: the database, the upload
// storage (a file can be written) and the live channel; otherwise 503 naming the parts that failed, so an
// orchestrator stops sending traffic to this instance until they are back. While the server shuts down,
// Fastify answers 503 to every new request, these included.

/** Each part of readiness: resolves when the part works. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

/** A part that does not answer within this long counts as failed (a hung database must not hang the probe). */
const CHECK_TIMEOUT_MS = 5000;

function withinTimeout(check: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

export function registerHealthRoutes(app: FastifyInstance, checks: ReadinessChecks): void {
  app.get('/api/health', async () => ({ status: 'ok' }));

  app.get('/api/ready', async (request, reply) => {
    const parts = Object.keys(checks);
    const outcomes = await Promise.allSettled(parts.map((part) => withinTimeout(checks[part] as () => Promise<unknown>)));
    const results: Record<string, 'ok' | 'failed'> = {};
    const failed: string[] = [];
    outcomes.forEach((outcome, index) => {
      const part = parts[index] as string;
      results[part] = outcome.status === 'fulfilled' ? 'ok' : 'failed';
      if (outcome.status === 'rejected') {
        failed.push(part);
        request.log.warn({ err: outcome.reason }, `readiness: ${part} failed`);
      }
    });
    if (failed.length === 0) return { status: 'ready', checks: results };
    return reply.code(503).send({ status: 'unavailable', detail: `Not ready: ${failed.join(', ')} failed.`, failed, checks: results });
  });
}
