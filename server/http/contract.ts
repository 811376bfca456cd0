import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { notFound, parseBody, parseQuery } from './errors';

// Every route declares its request and answer with the shared contract (src/lib/contract/*):
//
//   app.patch(url, { schema: { params: idParams, body: categoryPatchPayload, response: { 200: category } } }, ...)
//
// and fastify-type-provider-zod's ZodTypeProvider (routes are FastifyPluginAsyncZod) types request.params,
// request.query, request.body and the answer from those schemas. The compilers that run them are these:
// - validation answers what the portal has always read: DRF's field errors with DRF's words (errors.ts), which
//   need the input the schema refused; a path id that is not an id is a 404, as Django's URL patterns answer.
// - answers are written by fast-json-stringify from a JSON Schema made once from the zod schema, rather than
//   parsed with zod on the way out: the schema names what is sent (a field it does not name is never sent),
//   and writing a page costs less than JSON.stringify does.

type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];
type Validation = { value: unknown } | { error: Error };

function validation(parse: () => unknown): Validation {
  try {
    return { value: parse() };
  } catch (error) {
    return { error: error as Error };
  }
}

function contractSchemaOf(route: RouteSchema): z.ZodType {
  if (route.schema instanceof z.ZodType) return route.schema;
  throw new Error(`${route.method} ${route.url}: ${route.httpPart ?? 'response'} must be a schema of the contract (zod)`);
}

function validatorOf(route: RouteSchema): (data: unknown) => Validation {
  const schema = contractSchemaOf(route);
  switch (route.httpPart) {
    case 'params':
      return (data) => {
        const result = schema.safeParse(data);
        return result.success ? { value: result.data } : { error: notFound() };
      };
    case 'body':
      return (data) => validation(() => parseBody(schema, data));
    default:
      return (data) => validation(() => parseQuery(schema, data));
  }
}

/** Serializers by answer schema: the contract's schemas are made once, so every app of a process shares them. */
const serializers = new WeakMap<z.ZodType, (data: unknown) => string>();

/** The JSON Schema of an answer, for fast-json-stringify (which reads draft-07). */
function answerJsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
}

function serializerOf(route: RouteSchema): (data: unknown) => string {
  const schema = contractSchemaOf(route);
  let serialize = serializers.get(schema);
  if (!serialize) {
    serialize = fastJson(answerJsonSchema(schema) as Parameters<typeof fastJson>[0]);
    serializers.set(schema, serialize);
  }
  return serialize;
}

export function installContract(app: FastifyInstance): void {
  // Fastify types a validator's failure as a list of Ajv-style errors; ours is an HttpError with the DRF body,
  // which Fastify passes on to the error handler as it is (an Error keeps its status code).
  app.setValidatorCompiler(validatorOf as unknown as FastifySchemaCompiler<unknown>);
  app.setSerializerCompiler(serializerOf as FastifySerializerCompiler<unknown>);
}

/** The answer of a route that answers nothing (204), so that it declares one too. */
export const noContent = z.undefined();
