import { expect, type Page } from '@playwright/test';

/**
 * Waits for a drag's screen reader announcement, then for the page's timers already due. The keyboard sensor of
 * @dnd-kit starts listening for the arrows in a timer of its own once a drag is lifted (Space); Chromium runs input
 * before timers, so an arrow sent as soon as "is over" shows could reach the page before the sensor listens and be
 * lost. A timer queued now runs after the sensor's. A person is never that fast.
 */
export async function announced(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: text })).toHaveCount(1);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
