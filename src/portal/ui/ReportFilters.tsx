import { Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { NoMatchState } from './EmptyState';
import { QuizFilterSelect } from './QuizFilterSelect';
import { SearchBox } from './SearchBox';

const SEARCH_DELAY_MS = 300;

export interface ReportFilters {
  quiz: number | null;
  search: string;
  /** The search as the server is asked for it: typed words wait a moment so each key does not load a page. */
  debouncedSearch: string;
  /** Whether a quiz or words narrow the list, so an empty page means "no match" rather than "nothing yet". */
  filtering: boolean;
  setQuiz: (quiz: number | null) => void;
  setSearch: (search: string) => void;
  /** Clears the quiz and the words: the whole list again. */
  showAll: () => void;
}

/**
 * The quiz filter and search of the server-paged report screens. Every change of either calls `onChange`,
 * where a screen goes back to its first page (a later page of the old list means nothing in the new one).
 */
export function useReportFilters(onChange: () => void): ReportFilters {
  const [quiz, setQuizValue] = useState<number | null>(null);
  const [search, setSearchValue] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DELAY_MS);
  return {
    quiz,
    search,
    debouncedSearch,
    filtering: Boolean(debouncedSearch.trim() || quiz),
    setQuiz: (value) => {
      setQuizValue(value);
      onChange();
    },
    setSearch: (value) => {
      setSearchValue(value);
      onChange();
    },
    showAll: () => {
      setQuizValue(null);
      setSearchValue('');
      onChange();
    },
  };
}

/** The quiz filter beside the search box, above a report's table. */
export function ReportFilterBar({ filters }: { filters: ReportFilters }) {
  return (
    <Group align="flex-end" wrap="wrap">
      <QuizFilterSelect value={filters.quiz} onChange={filters.setQuiz} />
      <SearchBox value={filters.search} onChange={filters.setSearch} />
    </Group>
  );
}

/**
 * A report's table with no rows: with a quiz or words chosen, that nothing matches and Show all; else the
 * report's own empty state (`empty`). `one` and `many` name the rows, e.g. "viewer" and "viewers".
 */
export function ReportEmptyState({ filters, one, many, empty }: { filters: ReportFilters; one: string; many: string; empty: ReactNode }) {
  if (!filters.filtering) return <>{empty}</>;
  return (
    <NoMatchState
      title={`No ${one} matches the filter.`}
      what={many}
      description="Try another quiz or word, or show the whole list."
      onShowAll={filters.showAll}
    />
  );
}
