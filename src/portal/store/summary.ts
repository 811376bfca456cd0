import { useLiveQuery } from 'dexie-react-hooks';
import { categoriesMirror } from './categories';
import { pollsMirror } from './polls';
import { questionsMirror } from './questions';
import { quizzesMirror, type QuizRow } from './quizzes';

/** What the dashboard reads from the mirror: every quiz, and how many questions, categories and polls there are. */
export interface MirrorSummary {
  quizzes: QuizRow[];
  questions: number;
  categories: number;
  polls: number;
}

/** The mirror's summary, live (undefined while the database opens). */
export function useMirrorSummary(): MirrorSummary | undefined {
  return useLiveQuery(async () => {
    const [quizzes, questions, categories, polls] = await Promise.all([
      quizzesMirror.table().toArray(),
      questionsMirror.table().count(),
      categoriesMirror.table().count(),
      pollsMirror.table().count(),
    ]);
    return { quizzes, questions, categories, polls };
  });
}
