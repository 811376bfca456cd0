import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { statusOrder, type QuizMode, type QuizStatus } from '../../src/lib/quiz-rules';
import type { Clock } from '../clock';
import { created } from '../db/rows';
import type { Database } from '../db/schema';
import { sponsorPng } from './sponsor-image';
import type { DemoContext } from './demo-context';

// Demo quizzes (docs/decisions.md "Demo data"): one per status of each mode (11, so List of Quizzes has two pages),
// each with its own join code and an ordered slice of the demo client's questions. Dates fit the status,
// so the AUTO scheduler finds them consistent: announced quizzes start later, completed ones have ended.

const HOUR = 60 * 60 * 1000;

/** When a quiz in this status runs, relative to now. */
const WINDOW: Record<QuizStatus, { startsIn: number; endsIn: number }> = {
  ANNOUNCED: { startsIn: 2 * 24 * HOUR, endsIn: 2 * 24 * HOUR + 2 * HOUR },
  ACTIVATED: { startsIn: HOUR, endsIn: 3 * HOUR },
  STARTED: { startsIn: -0.25 * HOUR, endsIn: 2 * HOUR },
  RESULT_AWAITED: { startsIn: -HOUR, endsIn: HOUR },
  RESULT_ANNOUNCED: { startsIn: -2 * HOUR, endsIn: 0.5 * HOUR },
  COMPLETED: { startsIn: -7 * 24 * HOUR, endsIn: -7 * 24 * HOUR + 2 * HOUR },
};

const NAMES: Record<QuizMode, Record<string, string>> = {
  MANUAL: {
    ANNOUNCED: 'Friday Pub Quiz',
    ACTIVATED: 'Team Building Trivia',
    STARTED: 'Live Stage Quiz',
    RESULT_AWAITED: 'Science Week Final',
    RESULT_ANNOUNCED: 'History Club Night',
    COMPLETED: 'Spring Launch Quiz',
  },
  AUTO: {
    ANNOUNCED: 'Weekend Self-Paced Challenge',
    STARTED: 'Lunchtime Speed Round',
    RESULT_AWAITED: 'Geography Sprint',
    RESULT_ANNOUNCED: 'Movie Buffs Marathon',
    COMPLETED: 'New Year Warm-up',
  },
};

/** The demo client's question ids; when there are none yet, a small category of its own is made. */
async function demoQuestionIds(db: Kysely<Database>, clock: Clock, clientId: number): Promise<number[]> {
  const existing = await db.selectFrom('questions').select('id').where('client_id', '=', clientId).orderBy('id').execute();
  if (existing.length > 0) return existing.map((row) => row.id);
  const category = await db
    .insertInto('categories')
    .values({ name: 'Quick Facts', ...created(clock, clientId) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const questions: [string, string, string][] = [
    ['How many days are in a leap year?', 'A: 364, B: 365, C: 366, D: 367', 'C'],
    ['Which planet is known as the Red Planet?', 'A: Venus, B: Mars, C: Jupiter, D: Saturn', 'B'],
    ['What is the boiling point of water at sea level in °C?', 'A: 90, B: 95, C: 100, D: 110', 'C'],
    ['How many sides does a hexagon have?', 'A: 5, B: 6, C: 7, D: 8', 'B'],
    ['Which ocean is the largest?', 'A: Pacific, B: Atlantic, C: Indian, D: Arctic', 'A'],
  ];
  const ids: number[] = [];
  for (const [description, options, correct] of questions) {
    const row = await db
      .insertInto('questions')
      .values({ category_id: category.id, description, options, correct_option: correct, ...created(clock, clientId) })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** Demo step: runs after the questions step and before attempts (which hang on these quizzes). */
export async function seedDemoQuizzes({ db, clock, clientId, uploads }: DemoContext): Promise<void> {
  const questionIds = await demoQuestionIds(db, clock, clientId);
  const now = clock.now().getTime();
  const plans = (['MANUAL', 'AUTO'] as const).flatMap((mode) => statusOrder(mode).map((status) => ({ mode, status })));
  // Made last plan first: List of Quizzes shows the newest first, so it then reads in plan order and the host-led
  // quiz waiting to be announced (the demo's playable one, play.ts) is the first row of its first page.
  for (const [index, { mode, status }] of [...plans.entries()].reverse()) {
    const count = Math.min(questionIds.length, 4 + (index % 4));
    const offset = (index * 3) % questionIds.length;
    const questions = Array.from({ length: count }, (_, i) => questionIds[(offset + i) % questionIds.length] as number);
    const window = WINDOW[status];
    // One sponsored quiz per mode, so the form's sponsor image shows a real file.
    const sponsored = uploads && status === 'STARTED';
    const sponsorLogo = sponsored
      ? await uploads.saveImage({ field: 'sponsor_logo', filename: 'sponsor.png', data: sponsorPng([40, 110, 200]) })
      : null;
    const quiz = await db
      .insertInto('quizzes')
      .values({
        name: NAMES[mode][status] ?? `${mode} ${status}`,
        description: `A ${mode === 'AUTO' ? 'self-running' : 'host-led'} demo quiz.`,
        mode,
        status,
        qs_timer: 20 + (index % 3) * 10,
        timer_bw_qs: mode === 'AUTO' ? 5 : 0,
        before_qs_timer: 3,
        // A MANUAL quiz on stage is part-way through; others wait at the first question.
        question_no: mode === 'MANUAL' && status === 'STARTED' ? Math.min(2, count) : 1,
        time_based: mode === 'AUTO' && index % 2 === 0,
        show_count_down: true,
        show_options: index % 2 === 1,
        join_code: String(1000 + index * 137),
        quiz_hash: randomBytes(12).toString('base64url'),
        max_attempt_count: 1 + (index % 3),
        start_date_time: new Date(now + window.startsIn).toISOString(),
        end_date_time: new Date(now + window.endsIn).toISOString(),
        sponsor_logo: sponsorLogo,
        sponsor_name: sponsored ? 'Acme Snacks' : '',
        auth_used: index % 5 === 4 ? 'BOTH' : 'FORM_BASED',
        ...created(clock, clientId),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (questions.length > 0) {
      await db
        .insertInto('quiz_questions')
        .values(questions.map((questionId, position) => ({ quiz_id: quiz.id, question_id: questionId, position })))
        .execute();
    }
  }
}
