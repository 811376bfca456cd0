import { z } from 'zod';

type Schemas = Record<string, z.ZodType>;
type Deferred<T extends Schemas> = { readonly [K in keyof T]: z.ZodLazy<T[K]> };

/**
 * A contract module's schemas, built the first time one of them is used rather than when the module loads.
 * Building zod schemas is costly (every schema and every refinement of one is an object with dozens of
 * methods), and a screen's code loads every contract module in one task while it needs few of them: on a
 * phone that task alone blocked the page for a quarter of a second (total blocking time).
 *
 * Each schema is a `z.lazy` over the built one: it parses, types and nests as the built schema does; object
 * methods (`partial`, `extend`, `shape`) are used inside the builder, which exports what it makes with them.
 *
 *   const schemas = builtOnFirstUse(() => { const category = z.object({...}); return { category }; });
 *   export const { category } = schemas;
 */
export function builtOnFirstUse<T extends Schemas>(build: () => T): Deferred<T> {
  let built: T | undefined;
  const lazies = new Map<string, z.ZodType>();
  return new Proxy({} as Deferred<T>, {
    get(_target, name) {
      if (typeof name !== 'string') return undefined;
      let lazy = lazies.get(name);
      if (!lazy) {
        lazy = z.lazy(() => {
          built ??= build();
          const schema = built[name];
          if (!schema) throw new Error(`The contract builds no schema named ${name}`);
          return schema;
        });
        lazies.set(name, lazy);
      }
      return lazy;
    },
  });
}
