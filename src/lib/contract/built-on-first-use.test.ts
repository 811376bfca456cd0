import { z } from 'zod';
import { builtOnFirstUse } from './built-on-first-use';

describe('builtOnFirstUse', () => {
  it('builds nothing until a schema is used, then builds all of them once', () => {
    const build = vi.fn(() => ({ name: z.string().min(1, 'Required.'), count: z.number().int() }));
    const { name, count } = builtOnFirstUse(build);
    expect(build).not.toHaveBeenCalled();

    expect(name.parse('Quiz')).toBe('Quiz');
    expect(count.parse(3)).toBe(3);
    expect(name.safeParse('').error?.issues[0]?.message).toBe('Required.');
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('nests in other schemas and keeps their paths and messages', () => {
    const { item } = builtOnFirstUse(() => ({ item: z.object({ id: z.number() }) }));
    const list = z.object({ results: z.array(item).optional() });
    expect(list.parse({ results: [{ id: 1 }] })).toEqual({ results: [{ id: 1 }] });
    expect(list.parse({})).toEqual({});
    const failed = list.safeParse({ results: [{ id: 'one' }] });
    expect(failed.error?.issues[0]?.path).toEqual(['results', 0, 'id']);
  });

  it('says which schema a module does not build', () => {
    const schemas: Record<string, z.ZodType> = builtOnFirstUse(() => ({ known: z.string() }));
    expect(() => schemas.unknown!.parse('x')).toThrow('The contract builds no schema named unknown');
  });
});
