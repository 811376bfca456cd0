import ky from 'ky';
import type { Page, Resource } from '../api/resource';
import { PortalDatabase, type ServerObject } from '../local/db';
import { pullEntities } from './pull';
import type { SyncedEntity } from './registry';

let db: PortalDatabase;

beforeEach(() => {
  db = new PortalDatabase(`pull-${crypto.randomUUID()}`);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

/** An entity whose list answers when the test says so, with one row. */
function heldEntity(name: SyncedEntity['name']) {
  let answer: (page: Page<ServerObject>) => void = () => {};
  const asked = vi.fn();
  const api = {
    list: (...args: unknown[]) => {
      asked(...args);
      return new Promise<Page<ServerObject>>((resolve) => {
        answer = resolve;
      });
    },
  } as unknown as Resource<ServerObject>;
  return {
    entity: { name, api } satisfies SyncedEntity,
    asked,
    answer: (row: ServerObject & Record<string, unknown>) => answer({ count: 1, next: null, previous: null, results: [row] }),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('pullEntities', () => {
  it('asks for every entity at once, and writes their rows in the entities’ order (referenced entities first)', async () => {
    const categories = heldEntity('categories');
    const questions = heldEntity('questions');
    const pulled = pullEntities(db, ky.create({}), [categories.entity, questions.entity], Date.now());
    // Both requests leave before either answered (waited for, not timed: a loaded machine may take a while).
    await vi.waitFor(() => {
      expect(categories.asked).toHaveBeenCalledTimes(1);
      expect(questions.asked).toHaveBeenCalledTimes(1);
    });

    questions.answer({ id: 7, description: 'Who?', category: 3 });
    await settle();
    // Not written before the entity it refers to.
    expect(await db.questions.count()).toBe(0);

    categories.answer({ id: 3, name: 'History' });
    await pulled;
    expect(await db.categories.count()).toBe(1);
    expect(await db.questions.count()).toBe(1);
  });

  it('fails as a whole when a request fails, writing nothing after it', async () => {
    const categories = heldEntity('categories');
    const failing = {
      name: 'questions',
      api: { list: () => Promise.reject(new Error('offline')) } as unknown as Resource<ServerObject>,
    } satisfies SyncedEntity;
    const pulled = pullEntities(db, ky.create({}), [failing, categories.entity], Date.now());
    categories.answer({ id: 3, name: 'History' });
    await expect(pulled).rejects.toThrow('offline');
    expect(await db.categories.count()).toBe(0);
  });
});
