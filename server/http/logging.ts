import type { FastifyServerOptions } from 'fastify';

// The server's logger settings. Fastify logs no request headers by default; the redaction makes sure a
// token never reaches the log even when a request (or its headers) is logged on purpose.

export const REDACTED = '[redacted]';

export function serverLoggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
      censor: REDACTED,
    },
  };
}
