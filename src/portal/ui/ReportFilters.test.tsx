import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useReportFilters } from './ReportFilters';

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
