import type { FastifyInstance, RouteOptions } from 'fastify';
import { HttpError } from './errors';

// What any request may cost: a body size per route, JSON no deeper than a few levels, and a
// JSON parser that reads in one linear pass. Installed once for every route by installRequestLimits.
// The per-field limits (text lengths, ids per call, words per search) are the contract's
// (src/lib/contract/limits.ts); multipart's part counts are in app.ts's @fastify/multipart options.

const KB = 1024;

/** The largest JSON body a route takes unless it is listed in ROUTE_BODY_LIMITS. */
export const DEFAULT_BODY_LIMIT = 64 * KB;

/**
 * Routes that take more: a quiz names up to 1,000 question ids, bulk deletes up to 1,000 ids, and a form's
 * text fields together count against the same limit (uploads.ts), its files against UPLOAD_MAX_BYTES each.
 */
export const ROUTE_BODY_LIMITS: Readonly<Record<string, number>> = {
  'POST /api/v1/quiz/': 256 * KB,
  'PATCH /api/v1/quiz/:id/': 256 * KB,
  'POST /api/v1/bulk-delete-questions/': 256 * KB,
  'POST /api/v1/bulk-delete-attempts/': 256 * KB,
};

/** How deep a JSON body may nest: every payload of the API is a flat object (lists of ids one level down). */
export const MAX_JSON_DEPTH = 8;

export const jsonTooDeepMessage = (depth: number) => `JSON parse error - the body nests deeper than ${depth} levels.`;

/** The deepest nesting of a JSON text, read in one pass (strings skipped); stops once it passes `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** The body limit of a route: its own, else the table's, else DEFAULT_BODY_LIMIT. */
export function bodyLimitOf(method: string, url: string): number {
  return ROUTE_BODY_LIMITS[`${method} ${url}`] ?? DEFAULT_BODY_LIMIT;
}

/** A route as registered: its method, path and schemas (the hostile-request suite walks them all). */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
  bodyLimit: number;
}

const routeTables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route of an app built with installRequestLimits, in the order they were registered. */
export function routesOf(app: FastifyInstance): readonly RegisteredRoute[] {
  return routeTables.get(app) ?? [];
}

export function installRequestLimits(app: FastifyInstance): void {
  const table: RegisteredRoute[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    route.bodyLimit ??= Math.max(...methodsOf(route).map((method) => bodyLimitOf(method, url)));
    for (const method of methodsOf(route)) table.push({ method, url, schema: route.schema, bodyLimit: route.bodyLimit });
  });

  // The API reads JSON and multipart only: a text/plain body is a 415 like any other type, not a string
  // that the schema then calls "not a dictionary".
  app.removeContentTypeParser('text/plain');

  // Fastify's own JSON parser (prototype poisoning refused), after a linear check of the nesting depth.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new HttpError(400, { detail: jsonTooDeepMessage(MAX_JSON_DEPTH) }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
