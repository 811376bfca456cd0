// The player app's two addresses (docs/decisions.md "Play"): a quiz at /play/{quiz_hash}, a poll at /play/poll/{link_key}
// (the poll's random link key, not the admin's poll hash).
// A path switch, not a router: the app has two pages and never navigates between them, and a router library
// would cost the phone's first load more than this whole file.

export type PlayRoute = { page: 'quiz'; hash: string } | { page: 'poll'; linkKey: string } | { page: 'none' };

const HASH = '([A-Za-z0-9_-]{1,64})';
const QUIZ = new RegExp(`^/play/${HASH}/?$`);
const POLL = new RegExp(`^/play/poll/${HASH}/?$`);

export function parseRoute(pathname: string): PlayRoute {
  const poll = POLL.exec(pathname);
  if (poll) return { page: 'poll', linkKey: poll[1]! };
  const quiz = QUIZ.exec(pathname);
  if (quiz && quiz[1] !== 'poll') return { page: 'quiz', hash: quiz[1]! };
  return { page: 'none' };
}
