import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { takeFromAddress } from './device';
import { startFirstReads } from './first-reads';
import { preferJitlessZod } from '../lib/zod-jitless';
import { parseRoute } from './route';
import { playConnection } from './connection';
import './play.css';

// The player app's entry (play/index.html, docs/decisions.md "Play"): none of the portal's code, only src/lib and src/live.
// Each page is its own chunk, so a quiz link does not load the poll page and the other way round.

preferJitlessZod();

const QuizPage = lazy(() => import('./QuizPage').then((module) => ({ default: module.QuizPage })));
const PollPage = lazy(() => import('./PollPage').then((module) => ({ default: module.PollPage })));

const route = parseRoute(window.location.pathname);
// Whether the server answers comes from the server's answers only (connection.ts), from the first reads on.
playConnection.start();
// The quiz's first reads travel while the page's chunk loads (first-reads.ts).
if (route.page === 'quiz') startFirstReads(route.hash);

function App() {
  if (route.page === 'none') {
    return (
      <div className="frame">
        <main className="card">
          <h1>Play</h1>
          <p role="alert">
            {takeFromAddress('error', window.location) ??
              'This link is not a quiz or a poll. Open the link or scan the code you were given.'}
          </p>
        </main>
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="boot" role="status">
          Loading…
        </p>
      }
    >
      {route.page === 'quiz' ? <QuizPage hash={route.hash} /> : <PollPage linkKey={route.linkKey} />}
    </Suspense>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The player shell works offline once loaded (sw/play/sw.ts, scope /play/); not during `vite dev`.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL }).catch((error: unknown) => {
    console.warn('The player app works online only: its service worker did not register.', error);
  });
}
