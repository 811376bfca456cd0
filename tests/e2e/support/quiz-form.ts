import type { Locator, Page } from '@playwright/test';

// What the quiz form's e2e specs (online and offline) share: its dates, its fields and dragging in its picker.

/** 'YYYY-MM-DD' of a day from today in the browser's (= this machine's) time zone. */
export function localDay(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A form field by its label, with or without the required asterisk. */
export const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

/** Drags by mouse from the middle of `source` to just inside the top of `target`, both measured once in view. */
export async function dragTo(page: Page, source: Locator, target: Locator): Promise<void> {
  await source.scrollIntoViewIfNeeded();
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 20 });
  await page.mouse.up();
}
