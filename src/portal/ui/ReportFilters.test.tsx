import { MantineProvider } from '@mantine/core';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReportEmptyState, useReportFilters, type ReportFilters } from './ReportFilters';

describe('useReportFilters', () => {
  it('tells the screen of every change, so it goes back to its first page', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useReportFilters(onChange));
    act(() => result.current.setQuiz(3));
    act(() => result.current.setSearch('ann'));
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(result.current.quiz).toBe(3);
    expect(result.current.search).toBe('ann');
  });

  it('counts a chosen quiz as filtering, and Show all clears quiz and words', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useReportFilters(onChange));
    expect(result.current.filtering).toBe(false);
    act(() => result.current.setQuiz(3));
    expect(result.current.filtering).toBe(true);
    act(() => result.current.setSearch('ann'));
    act(() => result.current.showAll());
    expect(result.current.quiz).toBeNull();
    expect(result.current.search).toBe('');
    expect(result.current.filtering).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(3);
  });
});

describe('ReportEmptyState', () => {
  const filters = (filtering: boolean, showAll = () => {}): ReportFilters => ({
    quiz: filtering ? 3 : null,
    search: '',
    debouncedSearch: '',
    filtering,
    setQuiz: () => {},
    setSearch: () => {},
    showAll,
  });

  it("shows the report's own empty state when nothing is chosen", () => {
    render(
      <MantineProvider>
        <ReportEmptyState filters={filters(false)} one="viewer" many="viewers" empty="No viewers yet." />
      </MantineProvider>,
    );
    expect(screen.getByText('No viewers yet.')).toBeInTheDocument();
  });

  it('says nothing matches a chosen quiz, and Show all clears it', async () => {
    const showAll = vi.fn();
    render(
      <MantineProvider>
        <ReportEmptyState filters={filters(true, showAll)} one="viewer" many="viewers" empty="No viewers yet." />
      </MantineProvider>,
    );
    expect(screen.getByText('No viewer matches the filter.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Show all/ }));
    expect(showAll).toHaveBeenCalledOnce();
  });
});
