// @vitest-environment node
// Node, not jsdom: the real server runs in this process (its file checks need Node's own typed arrays), and
// the files the engine stores and sends are Node's Blob, File and FormData, as a browser's are its own.
import { http } from '../api/client';
import { createRecord, deleteRecord, updateRecord } from '../local/commands';
import { PortalDatabase, type EntityName } from '../local/db';
import type { CreatePayload, UpdatePayload } from '../local/payloads';
import { SyncEngine } from './engine';
import { syncedEntities } from './registry';

/*
 * Sync under chaos: 500 changes made offline across every mirrored entity, with the
 * dependencies a person creates (questions in categories made offline, quizzes holding questions made
 * offline, choices of polls made offline, edits and deletes of rows not yet sent), replayed by the real
 * engine against the real API server while the network fails a third of the requests (lost or 503),
 * delays others and loses answers after the server acted. The server must end equal to the device:
 * nothing lost, nothing twice. Seeded, so a failure replays exactly.
 */

const SEED = 20261121;
const CHANGES = 500;

/** mulberry32: a small seeded generator, so the run (changes and faults) is the same every time. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** What the chaos did, so the test can show the faults really happened. */
interface ChaosTally {
  requests: number;
  lostRequests: number;
  unavailable: number;
  lostResponses: number;
  delayed: number;
}

/** A third of the requests fail (never arrive, or 503); others are slowed; some answers are lost after the server acted. */
function chaoticFetch(inner: Fetch, random: () => number, tally: ChaosTally, enabled: () => boolean): Fetch {
  return async (input, init) => {
    tally.requests += 1;
    if (!enabled()) return inner(input, init);
    const roll = random();
    if (roll < 1 / 6) {
      tally.lostRequests += 1;
      throw new TypeError('Failed to fetch');
    }
    if (roll < 1 / 3) {
      tally.unavailable += 1;
      return new Response(JSON.stringify({ detail: 'Service unavailable.' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (roll < 0.45) {
      await inner(input, init);
      tally.lostResponses += 1;
      throw new TypeError('Failed to fetch');
    }
    if (roll < 0.65) {
      tally.delayed += 1;
      await new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(random() * 8)));
    }
    return inner(input, init);
  };
}

/** The parts of server/test/support.ts used here (imported at run time: src/ does not type-check server/). */
interface ServerSupport {
  createTestServer(): Promise<{ app: Injector; close(): Promise<void> }>;
  signedInTenant(server: { app: Injector }, options: { pollEnabled: boolean }): Promise<{ token: string }>;
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

/** fetch answered by the in-memory server's app.inject (multipart bodies included). */
function injectingFetch(app: Injector): Fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const payload = request.method === 'GET' || request.method === 'HEAD' ? undefined : NodeBuffer.from(await request.arrayBuffer());
    const answer = await app.inject({
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
}

// A 1x1 PNG: the server judges uploads by their bytes.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

interface Row {
  localId: string;
}
interface CategoryModel extends Row {
  name: string;
}
interface QuestionModel extends Row {
  description: string;
  hint: string;
  category: CategoryModel;
  withImage: boolean;
}
interface QuizModel extends Row {
  name: string;
  questions: QuestionModel[];
}
interface PollModel extends Row {
  name: string;
}
interface ChoiceModel extends Row {
  name: string;
  votes: number;
  poll: PollModel;
}

/** What the person did offline, kept beside the device so the end state can be checked. */
class OfflineSession {
  readonly categories: CategoryModel[] = [];
  readonly questions: QuestionModel[] = [];
  readonly quizzes: QuizModel[] = [];
  readonly polls: PollModel[] = [];
  readonly choices: ChoiceModel[] = [];
  changes = 0;
  private counter = 0;

  constructor(
    private readonly db: PortalDatabase,
    private readonly random: () => number,
  ) {}

  private label(kind: string): string {
    this.counter += 1;
    return `${kind} ${this.counter}`;
  }

  private pick<T>(rows: readonly T[]): T | undefined {
    return rows.length === 0 ? undefined : rows[Math.floor(this.random() * rows.length)];
  }

  private async create<E extends EntityName>(entity: E, payload: CreatePayload<E>): Promise<string> {
    this.changes += 1;
    return (await createRecord(this.db, entity, payload)).localId;
  }

  private async update<E extends EntityName>(entity: E, localId: string, payload: UpdatePayload<E>): Promise<void> {
    this.changes += 1;
    await updateRecord(this.db, entity, localId, payload);
  }

  private async remove(entity: EntityName, localId: string): Promise<void> {
    this.changes += 1;
    await deleteRecord(this.db, entity, localId);
  }

  /** One change chosen at random (several when a delete first takes the row out of what uses it). */
  async step(): Promise<void> {
    const roll = this.random();
    if (roll < 0.1 || this.categories.length === 0) return this.createCategory();
    if (roll < 0.14) return this.editCategory();
    if (roll < 0.16) return this.deleteCategory();
    if (roll < 0.3) return this.createQuestion();
    if (roll < 0.38) return this.editQuestion();
    if (roll < 0.42) return this.deleteQuestion();
    if (roll < 0.5) return this.createQuiz();
    if (roll < 0.58) return this.editQuiz();
    if (roll < 0.61) return this.deleteQuiz();
    if (roll < 0.68) return this.createPoll();
    if (roll < 0.72) return this.editPoll();
    if (roll < 0.74) return this.deletePoll();
    if (roll < 0.86) return this.createChoice();
    if (roll < 0.96) return this.editChoice();
    return this.deleteChoice();
  }

  private async createCategory(): Promise<void> {
    const name = this.label('Category');
    this.categories.push({ localId: await this.create('categories', { name }), name });
  }

  private async editCategory(): Promise<void> {
    const category = this.pick(this.categories);
    if (!category) return;
    category.name = this.label('Category');
    await this.update('categories', category.localId, { name: category.name });
  }

  /** The server refuses to delete a category in use, so a person deletes an empty one. */
  private async deleteCategory(): Promise<void> {
    const category = this.pick(this.categories.filter((each) => !this.questions.some((question) => question.category === each)));
    if (!category) return;
    await this.remove('categories', category.localId);
    this.categories.splice(this.categories.indexOf(category), 1);
  }

  private async createQuestion(): Promise<void> {
    const category = this.pick(this.categories);
    if (!category) return;
    const description = this.label('Question');
    const withImage = this.random() < 0.3;
    const payload: CreatePayload<'questions'> = {
      description,
      hint: `Hint for ${description}`,
      options: 'A: Red, B: Green, C: Blue, D: Yellow',
      correct_option: 'A',
      category: category.localId,
    };
    if (withImage) payload.image = new File([PNG], 'flag.png', { type: 'image/png' });
    this.questions.push({ localId: await this.create('questions', payload), description, hint: String(payload.hint), category, withImage });
  }

  private async editQuestion(): Promise<void> {
    const question = this.pick(this.questions);
    const category = this.pick(this.categories);
    if (!question || !category) return;
    question.description = this.label('Question');
    question.hint = `Hint ${this.counter}`;
    question.category = category;
    await this.update('questions', question.localId, {
      description: question.description,
      hint: question.hint,
      category: category.localId,
    });
  }

  /** The quiz screens first drop the question from the quizzes that hold it. */
  private async deleteQuestion(): Promise<void> {
    const question = this.pick(this.questions);
    if (!question) return;
    for (const quiz of this.quizzes.filter((each) => each.questions.includes(question))) {
      quiz.questions = quiz.questions.filter((each) => each !== question);
      await this.update('quizzes', quiz.localId, { questions: quiz.questions.map((each) => each.localId) });
    }
    await this.remove('questions', question.localId);
    this.questions.splice(this.questions.indexOf(question), 1);
  }

  private someQuestions(): QuestionModel[] {
    const chosen = new Set<QuestionModel>();
    const wanted = Math.floor(this.random() * 4);
    for (let i = 0; i < wanted; i += 1) {
      const question = this.pick(this.questions);
      if (question) chosen.add(question);
    }
    return [...chosen];
  }

  private async createQuiz(): Promise<void> {
    const name = this.label('Quiz');
    const questions = this.someQuestions();
    const localId = await this.create('quizzes', {
      name,
      mode: 'MANUAL',
      qs_timer: 30,
      before_qs_timer: 5,
      join_code: String(this.counter % 10_000),
      max_attempt_count: 1,
      start_date_time: '2026-12-01T10:00:00.000Z',
      end_date_time: '2026-12-01T12:00:00.000Z',
      questions: questions.map((each) => each.localId),
    });
    this.quizzes.push({ localId, name, questions });
  }

  private async editQuiz(): Promise<void> {
    const quiz = this.pick(this.quizzes);
    if (!quiz) return;
    quiz.name = this.label('Quiz');
    quiz.questions = this.someQuestions();
    await this.update('quizzes', quiz.localId, { name: quiz.name, questions: quiz.questions.map((each) => each.localId) });
  }

  private async deleteQuiz(): Promise<void> {
    const quiz = this.pick(this.quizzes);
    if (!quiz) return;
    await this.remove('quizzes', quiz.localId);
    this.quizzes.splice(this.quizzes.indexOf(quiz), 1);
  }

  private async createPoll(): Promise<void> {
    const name = this.label('Poll');
    this.polls.push({
      localId: await this.create('polls', { name, join_code: String(this.counter % 10_000), show_options: true, active: true }),
      name,
    });
  }

  private async editPoll(): Promise<void> {
    const poll = this.pick(this.polls);
    if (!poll) return;
    poll.name = this.label('Poll');
    await this.update('polls', poll.localId, { name: poll.name });
  }

  /** The poll's choices go first (the screens delete them one by one), then the poll. */
  private async deletePoll(): Promise<void> {
    const poll = this.pick(this.polls);
    if (!poll) return;
    for (const choice of this.choices.filter((each) => each.poll === poll)) {
      await this.remove('pollChoices', choice.localId);
      this.choices.splice(this.choices.indexOf(choice), 1);
    }
    await this.remove('polls', poll.localId);
    this.polls.splice(this.polls.indexOf(poll), 1);
  }

  private async createChoice(): Promise<void> {
    const poll = this.pick(this.polls);
    if (!poll) return;
    const name = this.label('Choice');
    this.choices.push({ localId: await this.create('pollChoices', { name, votes: 0, question: poll.localId }), name, votes: 0, poll });
  }

  private async editChoice(): Promise<void> {
    const choice = this.pick(this.choices);
    if (!choice) return;
    choice.name = this.label('Choice');
    choice.votes = Math.floor(this.random() * 100);
    await this.update('pollChoices', choice.localId, { name: choice.name, votes: choice.votes });
  }

  private async deleteChoice(): Promise<void> {
    const choice = this.pick(this.choices);
    if (!choice) return;
    await this.remove('pollChoices', choice.localId);
    this.choices.splice(this.choices.indexOf(choice), 1);
  }
}

interface ServerRows {
  categories: { id: number; name: string }[];
  questions: { id: number; description: string; hint: string; category: number; image: string | null }[];
  quizzes: { id: number; name: string; questions: number[] }[];
  polls: { id: number; name: string }[];
  choices: { id: number; name: string; votes: number; question: number }[];
}

const sorted = (values: string[]) => [...values].sort();

describe('sync under chaos: 500 offline changes replayed over a failing network', () => {
  it('leaves the real server equal to the device, nothing lost and nothing twice', async () => {
    const support = (await import(/* @vite-ignore */ SERVER_SUPPORT)) as ServerSupport;
    const server = await support.createTestServer();
    const db = new PortalDatabase(`chaos-${SEED}`);
    const random = seeded(SEED);
    const tally: ChaosTally = { requests: 0, lostRequests: 0, unavailable: 0, lostResponses: 0, delayed: 0 };
    let chaos = true;
    let engine: SyncEngine | null = null;
    try {
      const { token } = await support.signedInTenant(server, { pollEnabled: true });
      const fetch = injectingFetch(server.app);
      const client = http.extend({
        prefixUrl: 'http://portal.test/',
        headers: { Authorization: `Token ${token}` },
        fetch: chaoticFetch(fetch, random, tally, () => chaos),
      });
      const chaoticEngine = new SyncEngine({ db, entities: syncedEntities, client, random: () => 0.5 });
      engine = chaoticEngine;

      const session = new OfflineSession(db, random);
      while (session.changes < CHANGES) await session.step();
      expect(await db.outbox.count()).toBeGreaterThan(0);

      // Back online on a bad network: the engine replays until the outbox is empty.
      for (let round = 0; round < 2000 && (await db.outbox.count()) > 0; round += 1) await chaoticEngine.syncNow();
      const stuck = await db.outbox.toArray();
      expect(stuck.map((entry) => ({ entity: entry.entity, kind: entry.kind, status: entry.status, error: entry.lastError }))).toEqual([]);
      // A last pull on a quiet network brings the mirror to the server's rows.
      chaos = false;
      await chaoticEngine.syncNow();
      expect(chaoticEngine.status.getSnapshot().lastError).toBeNull();

      expect(tally.lostRequests + tally.unavailable).toBeGreaterThan(tally.requests / 5);
      expect(tally.lostResponses).toBeGreaterThan(20);
      expect(tally.delayed).toBeGreaterThan(20);

      const list = async <T>(path: string): Promise<T[]> => {
        const answer = await fetch(`http://portal.test/${path}?page_size=1000`, { headers: { Authorization: `Token ${token}` } });
        return ((await answer.json()) as { results: T[] }).results;
      };
      const rows: ServerRows = {
        categories: await list('api/v1/category/'),
        questions: await list('api/v1/questions/'),
        quizzes: await list('api/v1/quiz/'),
        polls: await list('api/v1/poll-list/'),
        choices: await list('api/v1/poll-choices/'),
      };

      // The server holds what the person did: every row once, with its last values and references.
      const categoryName = new Map(rows.categories.map((row) => [row.id, row.name]));
      const questionText = new Map(rows.questions.map((row) => [row.id, row.description]));
      const pollName = new Map(rows.polls.map((row) => [row.id, row.name]));
      expect(sorted(rows.categories.map((row) => row.name))).toEqual(sorted(session.categories.map((row) => row.name)));
      expect(
        sorted(rows.questions.map((row) => `${row.description} | ${row.hint} | ${categoryName.get(row.category)} | ${row.image !== null}`)),
      ).toEqual(sorted(session.questions.map((row) => `${row.description} | ${row.hint} | ${row.category.name} | ${row.withImage}`)));
      expect(sorted(rows.quizzes.map((row) => `${row.name}: ${row.questions.map((id) => questionText.get(id)).join(', ')}`))).toEqual(
        sorted(session.quizzes.map((row) => `${row.name}: ${row.questions.map((question) => question.description).join(', ')}`)),
      );
      expect(sorted(rows.polls.map((row) => row.name))).toEqual(sorted(session.polls.map((row) => row.name)));
      expect(sorted(rows.choices.map((row) => `${row.name} | ${row.votes} | ${pollName.get(row.question)}`))).toEqual(
        sorted(session.choices.map((row) => `${row.name} | ${row.votes} | ${row.poll.name}`)),
      );

      // The device shows the same rows under the server's ids, each once, all synced.
      const mirrorOf = async (entity: EntityName) =>
        (await db.mirror(entity).toArray()) as unknown as ({ serverId: number | null; syncState: string } & Record<string, unknown>)[];
      const sameIds = async (entity: EntityName, serverRows: { id: number }[]) => {
        const local = await mirrorOf(entity);
        expect(local.every((row) => row.syncState === 'synced')).toBe(true);
        expect(local.map((row) => row.serverId).sort((a, b) => Number(a) - Number(b))).toEqual(
          serverRows.map((row) => row.id).sort((a, b) => a - b),
        );
      };
      await sameIds('categories', rows.categories);
      await sameIds('questions', rows.questions);
      await sameIds('quizzes', rows.quizzes);
      await sameIds('polls', rows.polls);
      await sameIds('pollChoices', rows.choices);
      const localQuizzes = await mirrorOf('quizzes');
      expect(localQuizzes.map((row) => `${row.serverId}: ${String(row.questions)}`).sort()).toEqual(
        rows.quizzes.map((row) => `${row.id}: ${String(row.questions)}`).sort(),
      );
      const localChoices = await mirrorOf('pollChoices');
      expect(
        localChoices.map((row) => `${row.serverId}: ${String(row.name)} ${String(row.votes)} in ${String(row.question)}`).sort(),
      ).toEqual(rows.choices.map((row) => `${row.id}: ${row.name} ${row.votes} in ${row.question}`).sort());
    } finally {
      engine?.stop();
      db.close();
      await db.delete();
      await server.close();
    }
  }, 90_000);
});
