import type { QuizStatus } from '../../src/lib/quiz-rules';
import { created, touched } from '../db/rows';
import { sponsorPng } from './sponsor-image';
import type { DemoContext } from './demo-context';

// Demo viewers, attempts and client settings (docs/decisions.md "Demo data"). Attempts hang on the demo quizzes
// made by an earlier step, read at seed time; with no quizzes there are viewers but no attempts. One
// viewer's first name is a spreadsheet formula, so the CSV export's neutralisation can be seen.

/** The player app of `npm start` (PORTAL_URL's default + /play/); the seed is given the configured one. */
export const DEMO_VIEWER_APP_URL = 'http://127.0.0.1:3000/play/';

const FIRST_NAMES = [
  'Amara',
  'Ben',
  'Chloe',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Isla',
  'Jonas',
  'Kemi',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Pablo',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
  'Umar',
  'Vera',
  'Wei',
  'Yara',
];
const LAST_NAMES = [
  'Okafor',
  'Hughes',
  'Martin',
  'Patel',
  'Rossi',
  'Haddad',
  'Kim',
  'Tanaka',
  'Murray',
  'Berg',
  'Adeyemi',
  'Walsh',
  'Cohen',
  'Fischer',
  'Ivanova',
  'Garcia',
  'Reid',
  'Silva',
  'Nasser',
  'Byrne',
  'Khan',
  'Novak',
  'Chen',
  'Aziz',
];
export const DEMO_ATTEMPT_COUNT = 60;

/** The statuses of a quiz that has been played, so it may have attempts. */
const PLAYED: ReadonlySet<QuizStatus> = new Set(['STARTED', 'RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED']);

/** A small deterministic generator, so every demo database looks the same. */
function sequence(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % max;
  };
}

/** Business name, description, viewer app URL and, when uploads are available, a logo. */
export async function seedDemoClientSettings({ db, clock, clientId, uploads, viewerAppUrl }: DemoContext): Promise<void> {
  const logo = uploads ? await uploads.saveImage({ field: 'business_logo', filename: 'logo.png', data: sponsorPng([103, 58, 183]) }) : null;
  await db
    .updateTable('clients')
    .set({
      business_name: 'Demo Quiz Co',
      description: 'Live quizzes and polls for events, classrooms and quiz nights.',
      recent_participant_time: 300,
      viewer_app_url: viewerAppUrl ?? DEMO_VIEWER_APP_URL,
      ...(logo ? { business_logo: logo } : {}),
      ...touched(clock),
    })
    .where('id', '=', clientId)
    .execute();
}

export async function seedDemoViewersAndAttempts({ db, clock, clientId }: DemoContext): Promise<void> {
  const viewers = FIRST_NAMES.map((first, index) => {
    const last = LAST_NAMES[index] ?? '';
    const username = `${first}.${last}`.toLowerCase();
    return {
      username,
      first_name: first,
      last_name: last,
      email: `${username}@example.com`,
      mobile: index % 3 === 0 ? '' : `+44 7700 9${String(index).padStart(5, '0')}`,
    };
  });
  viewers.push({
    username: 'trivia.fan',
    first_name: 'Morgan',
    last_name: 'Ellis',
    email: 'trivia.fan@example.com',
    mobile: '+44 7700 900999',
  });
  const viewerIds = (
    await db
      .insertInto('viewers')
      .values(viewers.map((viewer) => ({ ...viewer, ...created(clock, clientId) })))
      .returning('id')
      .execute()
  ).map((row) => row.id);

  // Only quizzes that have been played have attempts (no announced quiz with completed attempts):
  // started ones have some still in progress, the others only finished ones. Each attempt starts after its
  // quiz did and has ended by now (and by the quiz's end) when it is finished.
  const quizzes = (
    await db
      .selectFrom('quizzes')
      .select(['id', 'status', 'start_date_time', 'end_date_time'])
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute()
  ).filter((quiz) => PLAYED.has(quiz.status as QuizStatus));
  if (quizzes.length === 0) return;
  const now = clock.now().getTime();
  const next = sequence(42);
  const attempts = Array.from({ length: DEMO_ATTEMPT_COUNT }, (_, index) => {
    const quiz = quizzes[index % quizzes.length]!;
    const viewerId = viewerIds[(index * 7) % viewerIds.length]!;
    const inProgress = quiz.status === 'STARTED' && index % 3 === 0;
    const timeTaken = 20 + next(2800) / 10;
    const quizStart = Date.parse(quiz.start_date_time);
    // A finished attempt fits between the quiz's start and the earlier of now and the quiz's end.
    const latestEnd = Math.min(now, Date.parse(quiz.end_date_time));
    const room = Math.max(0, Math.floor((latestEnd - quizStart) / 1000 - timeTaken));
    const started = quizStart + next(Math.max(1, Math.min(600, room))) * 1000;
    return {
      viewer_id: viewerId,
      quiz_id: quiz.id,
      score: inProgress ? next(4) : next(11),
      time_taken: inProgress ? Math.min(timeTaken, Math.max(0, (now - started) / 1000)) : timeTaken,
      rank: null,
      status: inProgress ? 'IN_PROGRESS' : 'COMPLETED',
      start_date_time: new Date(started).toISOString(),
      ...created(clock, clientId),
    };
  });
  await db.insertInto('attempts').values(attempts).execute();
}
