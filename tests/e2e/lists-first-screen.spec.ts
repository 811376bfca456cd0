import { expect, test } from '@playwright/test';
import { signIn } from './support/fixtures';

// On a phone, the lists with tall cards (List Quiz's and List Questions') render the cards that cover
// the screen first and the rest of the page after it is painted (DataTable's cardHeight). Every row of the page still
// arrives, and nothing of the screen's content moves while the others do: no layout shift moves anything in main
// (the list, its pager and count), not even on this new device's first pull, which the lists wait for ("Loading…")
// instead of showing their empty state first. The header's sync and network indicators change width by themselves:
// shifts there do not count.

const PHONES = [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
  { width: 412, height: 915 },
];
const LISTS = [
  { path: '/list-quiz', table: 'Quizzes', rows: 10 },
  { path: '/list-questions', table: 'Questions', rows: 10 },
];

for (const phone of PHONES) {
  test.describe(`a ${phone.width} x ${phone.height} px phone`, () => {
    test.use({ viewport: phone, screen: phone });

    for (const list of LISTS) {
      test(`${list.path} shows every card of its page without moving what is on screen`, async ({ page }) => {
        await signIn(page);
        await page.addInitScript(() => {
          const moved: string[] = [];
          (window as { movedInMain?: string[] }).movedInMain = moved;
          type LayoutShift = PerformanceEntry & { hadRecentInput: boolean; sources: { node: Node | null }[] };
          new PerformanceObserver((entries) => {
            for (const entry of entries.getEntries() as LayoutShift[]) {
              if (entry.hadRecentInput) continue;
              for (const { node } of entry.sources) {
                const element = node instanceof Element ? node : node?.parentElement;
                if (element?.closest('main')) moved.push(`${element.tagName} "${element.textContent?.slice(0, 40) ?? ''}"`);
              }
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(list.path);
        const rows = page.getByRole('table', { name: list.table }).locator('tbody tr');
        await expect(rows).toHaveCount(list.rows);
        await expect(rows.last()).not.toBeEmpty();
        // Two more frames, for a shift the last cards would cause to be reported.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(await page.evaluate(() => (window as { movedInMain?: string[] }).movedInMain)).toEqual([]);
      });
    }
  });
}
