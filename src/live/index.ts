// The live channel, portal side (see README.md here). Screens import from 'src/live' only.
export { connectLive, type LiveConnection } from './connect';
export { parseLiveQuiz, type LiveQuiz } from './live-quiz';
export { reconnectLive } from './reconnect';
export { subscribeConnection, subscribePoll, subscribeQuiz, subscribeQuizCounts, subscribeQuizTopTen, type Unsubscribe } from './subscribe';
export { LiveServerClock } from './server-clock';
