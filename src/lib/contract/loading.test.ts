import type * as Zod from 'zod';
import { z } from 'zod';

// What a module builds when it loads is paid by every screen that loads it: the contract's
// schemas are built when first used (built-on-first-use.ts), so loading every contract module builds none.
vi.mock('zod', async (importOriginal) => {
  const actual = await importOriginal<typeof Zod>();
  const built = vi.fn();
  const counted = <F extends (...args: never[]) => unknown>(make: F) =>
    ((...args: Parameters<F>) => {
      built();
      return make(...args);
    }) as F;
  return {
    ...actual,
    z: { ...actual.z, built, object: counted(actual.z.object), string: counted(actual.z.string), number: counted(actual.z.number) },
  };
});

const built = (z as unknown as { built: ReturnType<typeof vi.fn> }).built;

describe('the contract modules', () => {
  it('build no schema when they load, and build them on first use', async () => {
    const modules = await Promise.all([
      import('./accounts'),
      import('./answer'),
      import('./attempt'),
      import('./category'),
      import('./client-profile'),
      import('./live'),
      import('./page'),
      import('./participant'),
      import('./play'),
      import('./poll'),
      import('./question'),
      import('./quiz'),
      import('./request'),
      import('./viewer'),
    ]);
    expect(modules).toHaveLength(14);
    expect(built).not.toHaveBeenCalled();

    const { category } = await import('./category');
    expect(category.safeParse({ id: 1 }).success).toBe(false);
    expect(built).toHaveBeenCalled();
  });
});
