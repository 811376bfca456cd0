import fc from 'fast-check';
import type { KyInstance } from 'ky';
import { http } from '../api/client';
import { resource } from '../api/resource';
import { createRecord, deleteRecord, updateRecord } from '../local/commands';
import { PortalDatabase, type ServerObject } from '../local/db';
import { SyncEngine } from './engine';
import type { SyncedEntity } from './registry';
import { CATEGORIES, FakeServer, QUESTIONS } from './test-support/fake-server';
import { FlakyNetwork, type NetworkFault } from './test-support/flaky-fetch';

/*
 * The offline promise, as a property: whatever a user does offline (creates, edits, deletes, with
 * questions depending on categories) and however the network misbehaves while syncing (requests
 * lost, answers lost after the server acted, 503s), once the network is back and sync has run,
 * the server holds exactly what the device shows: nothing lost, nothing twice.
 */

type Op =
  | { kind: 'createCategory' }
  | { kind: 'editCategory'; pick: number }
  | { kind: 'deleteCategory'; pick: number }
  | { kind: 'createQuestion'; pick: number }
  | { kind: 'editQuestion'; pick: number; category: number }
  | { kind: 'deleteQuestion'; pick: number }
  | { kind: 'sync'; faults: NetworkFault[] };

const fault = fc.constantFrom<NetworkFault>('ok', 'lost-request', 'lost-response', 'server-error');
const pick = fc.nat(50);
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.constant<Op>({ kind: 'createCategory' }), weight: 3 },
  { arbitrary: pick.map<Op>((n) => ({ kind: 'editCategory', pick: n })), weight: 2 },
  { arbitrary: pick.map<Op>((n) => ({ kind: 'deleteCategory', pick: n })), weight: 1 },
  { arbitrary: pick.map<Op>((n) => ({ kind: 'createQuestion', pick: n })), weight: 3 },
  { arbitrary: fc.tuple(pick, pick).map<Op>(([n, c]) => ({ kind: 'editQuestion', pick: n, category: c })), weight: 2 },
  { arbitrary: pick.map<Op>((n) => ({ kind: 'deleteQuestion', pick: n })), weight: 1 },
  { arbitrary: fc.array(fault, { maxLength: 6 }).map<Op>((faults) => ({ kind: 'sync', faults })), weight: 2 },
);

const OPTIONS = 'A: Red, B: Green, C: Blue, D: Yellow';

interface ModelCategory {
  localId: string;
  name: string;
}
interface ModelQuestion {
  localId: string;
  description: string;
  category: ModelCategory;
}

/** A server to sync with, reached through a (flaky) fetch. */
export interface Backend {
  client(network: FlakyNetwork): KyInstance;
  categories(): Promise<{ id: number; name: string }[]>;
  questions(): Promise<{ id: number; description: string; category: number }[]>;
  close(): Promise<void>;
}

function fakeBackend(): Backend {
  const server = new FakeServer();
  return {
    client: (network) => http.extend({ prefixUrl: 'http://portal.test/', fetch: network.wrap((input, init) => server.fetch(input, init)) }),
    categories: async () => server.rows().map((row) => ({ id: row.id, name: String(row.name) })),
    questions: async () =>
      server.rows(QUESTIONS).map((row) => ({ id: row.id, description: String(row.description), category: Number(row.category) })),
    close: async () => undefined,
  };
}

/** The parts of server/test/support.ts used here (imported at run time: src/ does not type-check server/). */
interface ServerSupport {
  createTestServer(): Promise<{ app: Injector; close(): Promise<void> }>;
  signedInTenant(server: { app: Injector }): Promise<{ token: string }>;
}
interface Injector {
  inject(request: { method: string; url: string; headers: Record<string, string>; payload?: Uint8Array }): Promise<{
    statusCode: number;
    headers: Record<string, string | string[] | number | undefined>;
    rawPayload: Uint8Array;
  }>;
}
// app.inject wants a Node Buffer for a raw body; src/ is typed for the browser, hence the lookup.
const NodeBuffer = (globalThis as unknown as { Buffer: { from(bytes: ArrayBuffer): Uint8Array } }).Buffer;
const SERVER_SUPPORT = '../../../server/test/support.ts';

/** The project's real API server, built in memory; fetch goes to app.inject. */
async function realBackend(support: ServerSupport, server: { app: Injector }): Promise<Backend> {
  const { token } = await support.signedInTenant(server);
  const inject = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const payload = request.method === 'GET' || request.method === 'HEAD' ? undefined : NodeBuffer.from(await request.arrayBuffer());
    const answer = await server.app.inject({
      method: request.method,
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      payload,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
  const list = async <T>(path: string): Promise<T[]> => {
    const answer = await inject(`http://portal.test/${path}?page_size=1000`, { headers: { Authorization: `Token ${token}` } });
    return ((await answer.json()) as { results: T[] }).results;
  };
  return {
    client: (network) =>
      http.extend({ prefixUrl: 'http://portal.test/', headers: { Authorization: `Token ${token}` }, fetch: network.wrap(inject) }),
    categories: async () => (await list<{ id: number; name: string }>('api/v1/category/')).map(({ id, name }) => ({ id, name })),
    questions: async () =>
      (await list<{ id: number; description: string; category: number }>(QUESTIONS)).map(({ id, description, category }) => ({
        id,
        description,
        category,
      })),
    close: async () => undefined,
  };
}

const questionsApi = resource<ServerObject>({ path: QUESTIONS });
const entities: SyncedEntity[] = [
  { name: 'categories', api: resource<ServerObject>({ path: CATEGORIES }) },
  { name: 'questions', api: questionsApi },
];

async function runScenario(backend: Backend, ops: readonly Op[]): Promise<void> {
  const db = new PortalDatabase(`property-${crypto.randomUUID()}`);
  const network = new FlakyNetwork();
  const engine = new SyncEngine({ db, client: backend.client(network), entities, random: () => 0.5 });
  const categories: ModelCategory[] = [];
  const questions: ModelQuestion[] = [];
  let counter = 0;
  try {
    for (const step of ops) {
      counter += 1;
      const category = categories[('pick' in step ? step.pick : 0) % Math.max(1, categories.length)];
      const question = questions[('pick' in step ? step.pick : 0) % Math.max(1, questions.length)];
      switch (step.kind) {
        case 'createCategory': {
          const name = `Category ${counter}`;
          categories.push({ localId: (await createRecord(db, 'categories', { name })).localId, name });
          break;
        }
        case 'editCategory':
          if (!category) break;
          category.name = `Category ${counter}`;
          await updateRecord(db, 'categories', category.localId, { name: category.name });
          break;
        case 'deleteCategory':
          if (!category || questions.some((each) => each.category === category)) break;
          await deleteRecord(db, 'categories', category.localId);
          categories.splice(categories.indexOf(category), 1);
          break;
        case 'createQuestion': {
          if (!category) break;
          const description = `Question ${counter}`;
          const row = await createRecord(db, 'questions', {
            description,
            category: category.localId,
            options: OPTIONS,
            correct_option: 'A',
          });
          questions.push({ localId: row.localId, description, category });
          break;
        }
        case 'editQuestion': {
          const target = categories[step.category % Math.max(1, categories.length)];
          if (!question || !target) break;
          question.description = `Question ${counter}`;
          question.category = target;
          await updateRecord(db, 'questions', question.localId, { description: question.description, category: target.localId });
          break;
        }
        case 'deleteQuestion':
          if (!question) break;
          await deleteRecord(db, 'questions', question.localId);
          questions.splice(questions.indexOf(question), 1);
          break;
        case 'sync':
          network.schedule(step.faults);
          await engine.syncNow();
          network.clear();
          break;
      }
    }
    // The network is back.
    for (let round = 0; round < 3 && (await db.outbox.count()) > 0; round += 1) await engine.syncNow();
    await engine.syncNow();

    expect(await db.outbox.toArray()).toEqual([]);
    const serverCategories = await backend.categories();
    const serverQuestions = await backend.questions();
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(serverCategories.map((row) => row.name).sort()).toEqual(categories.map((row) => row.name).sort());
    const nameOf = new Map(serverCategories.map((row) => [row.id, row.name]));
    expect(serverQuestions.map((row) => `${row.description} in ${nameOf.get(row.category)}`).sort()).toEqual(
      questions.map((row) => `${row.description} in ${row.category.name}`).sort(),
    );
    // The device shows the same rows, under the server's ids, each once.
    const localCategories = await db.categories.toArray();
    expect(localCategories.map((row) => ({ id: row.serverId, name: (row as unknown as { name: string }).name })).sort(byName)).toEqual(
      [...serverCategories].sort(byName),
    );
    const localQuestions = await db.questions.toArray();
    expect(
      localQuestions
        .map((row) => ({ id: row.serverId, category: (row as unknown as { category: unknown }).category }))
        .sort((a, b) => (a.id ?? 0) - (b.id ?? 0)),
    ).toEqual(serverQuestions.map((row) => ({ id: row.id, category: row.category })).sort((a, b) => a.id - b.id));
    expect(localCategories.concat(localQuestions).every((row) => row.syncState === 'synced')).toBe(true);
  } finally {
    engine.stop();
    db.close();
    await db.delete();
  }
}

describe('offline changes then a flaky sync: the server ends equal to the device', () => {
  it('against the in-memory fake server', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), async (ops) => {
        const backend = fakeBackend();
        try {
          await runScenario(backend, ops);
        } finally {
          await backend.close();
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('against the real API server, built in memory', async () => {
    const support = (await import(/* @vite-ignore */ SERVER_SUPPORT)) as ServerSupport;
    const server = await support.createTestServer();
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
          // A client of its own per run: each run starts from an empty server.
          const backend = await realBackend(support, server);
          await runScenario(backend, ops);
        }),
        { numRuns: 40 },
      );
    } finally {
      await server.close();
    }
  }, 240_000);
});
