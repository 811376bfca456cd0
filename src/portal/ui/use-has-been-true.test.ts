import { renderHook } from '@testing-library/react';
import { useHasBeenTrue } from './use-has-been-true';

describe('useHasBeenTrue', () => {
  it('is false until the condition first holds, true from that render on, and stays true', () => {
    const { result, rerender } = renderHook(({ condition }) => useHasBeenTrue(condition), { initialProps: { condition: false } });
    expect(result.current).toBe(false);
    rerender({ condition: true });
    expect(result.current).toBe(true);
    rerender({ condition: false });
    expect(result.current).toBe(true);
  });

  it('is true from the first render when the condition holds at once', () => {
    const { result } = renderHook(() => useHasBeenTrue(true));
    expect(result.current).toBe(true);
  });
});
