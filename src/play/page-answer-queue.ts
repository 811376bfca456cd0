import { loadOnce } from '../lib/load-once';
import { whenBackOnline } from '../lib/server-connection';
import type { AnswerQueue } from './answer-queue';
import { playApi } from './api';
import { playConnection } from './connection';

/**
 * The page's answer queue, loaded with its chunk (Dexie with it) after the first screen. A chunk that failed to load
 * (the venue's Wi-Fi dropped before the worker had cached it) is asked for again at the next choice, rather than
 * refusing every answer for the page's whole life.
 */
export const answerQueue: () => Promise<AnswerQueue> = loadOnce(() =>
  import('./answer-queue').then(({ AnswerQueue, PlayDatabase }) => {
    const queue = new AnswerQueue(new PlayDatabase(), {
      send: (answer) =>
        playApi.answer(answer.token, answer.key, {
          question: answer.question,
          chosen_option: answer.chosen_option,
          chosen_at: answer.chosen_at,
        }),
    });
    // Sent as soon as the server answers again, not at the next step of the queue's own backoff.
    whenBackOnline(playConnection, () => void queue.flush());
    void queue.flush();
    return queue;
  }),
);
