import { useMemo } from 'react';
import { useCategories, type CategoryRow } from '../../store/categories';
import { useRefusedChange } from '../../store/outbox';

export { useListedQuizzes, useQuestionBank, useQuiz } from '../../store/quizzes';

export type CategoryChoice = CategoryRow;

/** The categories for the picker's filter, by name. */
export function useCategoryChoices(): CategoryChoice[] | undefined {
  const rows = useCategories();
  return useMemo(() => rows && [...rows].sort((a, b) => a.name.localeCompare(b.name)), [rows]);
}

/** The failed change of a quiz, if the server refused it: its field errors go under the form's fields (null when none). */
export function useRefusedFieldErrors(localId: string | undefined): Record<string, string[]> | null {
  return useRefusedChange(localId)?.lastError?.fieldErrors ?? null;
}
