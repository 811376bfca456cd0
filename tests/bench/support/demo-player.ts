// The demo's quiz as a phone that has joined it: the player app keeps its session in localStorage, so a bench
// that opens the lobby puts it there first (lighthouse, bundle-play, tools/lighthouse-runs).

export const DEMO_QUIZ = 'demo-live-quiz';

export interface DemoPlayer {
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
}

/** Joins the demo quiz through the API (join code 1234) and returns the player app's stored session for it. */
export async function demoPlayerSession(origin: string, player: DemoPlayer): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/api/v1/play/quizzes/${DEMO_QUIZ}/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ join_code: '1234', ...player }),
  });
  if (!response.ok) throw new Error(`joining ${DEMO_QUIZ} failed: ${response.status} ${await response.text()}`);
  const joined = (await response.json()) as { token: string; attempt: { id: number } };
  return { [`play:quiz:${DEMO_QUIZ}:session`]: JSON.stringify({ token: joined.token, attempt: joined.attempt.id }) };
}
