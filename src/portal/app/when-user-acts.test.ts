import { describe, expect, it, vi } from 'vitest';
import { whenUserActs } from './when-user-acts';

describe('whenUserActs', () => {
  it.each(['pointerdown', 'keydown', 'focusin'])('runs once at the first %s, not for later ones', (type) => {
    const run = vi.fn();
    whenUserActs(run);
    expect(run).not.toHaveBeenCalled();
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    const run = vi.fn();
    whenUserActs(run)();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(run).not.toHaveBeenCalled();
  });
});
