import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

// The server's logger settings. Fastify logs no request headers by default; the redaction makes sure a
// token never reaches the log even when a request (or its headers) is logged on purpose.
// Two formats (LOG_FORMAT, server/config.ts): `json`, pino's lines with Fastify's own request logging (two
// per request), for production's log collectors; `lines`, for a person at a terminal (`npm start`): one
// readable line per request ("GET /api/v1/quiz/ 200 4 ms") and the other messages as "time LEVEL message".

export const REDACTED = '[redacted]';

export type LogFormat = 'json' | 'lines';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Where the readable lines go: a stream's write(text). */
export interface LineOutput {
  write(text: string): unknown;
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

function clockTime(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

/** One pino record as a readable line: time, the level when above info, the message, an error's stack. */
export function readableLine(record: string): string {
  let entry: { level?: number; time?: number; msg?: unknown; err?: { stack?: string; message?: string } };
  try {
    entry = JSON.parse(record) as typeof entry;
  } catch {
    return record.endsWith('\n') ? record : `${record}\n`;
  }
  const level = (entry.level ?? 30) > 30 ? ` ${LEVELS[entry.level ?? 30] ?? entry.level}` : '';
  const error = entry.err ? `\n${entry.err.stack ?? entry.err.message ?? ''}` : '';
  return `${clockTime(entry.time)}${level} ${typeof entry.msg === 'string' ? entry.msg : ''}${error}\n`;
}

/** pino's destination that writes readable lines instead of JSON. */
export function readableLines(output: LineOutput): { write(record: string): void } {
  return { write: (record) => void output.write(readableLine(record)) };
}

export function serverLoggerOptions(level: string, format: LogFormat = 'json', output: LineOutput = process.stdout): LoggerOptions {
  const options: LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
      censor: REDACTED,
    },
  };
  return format === 'lines' ? { ...options, stream: readableLines(output) } : options;
}

/**
 * The `lines` format's request log: one line when the answer is sent, in place of Fastify's two records
 * (Fastify's `logController` option). Its other records (errors, 404s) stay as they are.
 */
export class RequestLines extends LogController {
  override incomingRequest(): void {}

  /** The answer's line says 404 already. */
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
