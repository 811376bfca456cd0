import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/fixtures';
import { openRoute } from './support/demo-routes';

// Every list of the demo tenant at a phone's, a tablet's and a desktop's width (the sidebar open
// from 768 px on, its default): nothing scrolls sideways, not the page and not any box inside main (the table's
// own wrapper included), and every action of the first rows is on screen and at least 44 px tall to tap.

const WIDTHS = [320, 375, 768, 1024, 1440];
const LISTS = [
  { path: '/list-quiz', table: 'Quizzes' },
  { path: '/list-questions', table: 'Questions' },
  { path: '/list-polls', table: 'Polls' },
  { path: '/quiz-report', table: 'Attempts' },
  { path: '/viewers-data', table: 'Viewers' },
  { path: '/add-category', table: 'Categories' },
];
/** The rows whose actions are checked: enough to catch a layout that only breaks from the second card on. */
const ROWS_CHECKED = 2;

/** Boxes on the page (main and the page itself) whose content is wider than they are. */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement;
    if (root && root.scrollWidth > root.clientWidth + 1) found.push(`the page (${root.scrollWidth} > ${root.clientWidth})`);
    const main = document.querySelector('main');
    if (!main) return ['no main'];
    // A visually hidden element (1 px, clipped: the table's heading row in the card layout, Mantine's hidden
    // status texts) is by design smaller than its text; it shows nothing, so it cannot scroll or stick out.
    const hidden = (element: Element) => {
      for (let node: Element | null = element; node && node !== main; node = node.parentElement) {
        const box = node.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return true;
      }
      return false;
    };
    // A box that clips (a switch's track) cannot scroll; what it would cut off is checked by the actions' test below.
    const clips = (element: Element) => ['hidden', 'clip'].includes(getComputedStyle(element).overflowX);
    for (const element of [main, ...main.querySelectorAll('*')]) {
      if (!(element instanceof HTMLElement) || element.clientWidth === 0 || clips(element)) continue;
      if (element.scrollWidth > element.clientWidth + 1 && !hidden(element)) {
        const name = element.getAttribute('aria-label') ?? element.className.toString().slice(0, 60);
        found.push(`${element.tagName.toLowerCase()} "${name}" (${element.scrollWidth} > ${element.clientWidth})`);
      }
    }
    return found;
  });
}

/** The actions of the table's first rows that are hidden, off screen sideways or smaller than a finger. */
async function unreachableActions(page: Page, table: string, rows: number): Promise<{ problems: string[]; checked: number }> {
  return page.getByRole('table', { name: table }).evaluate((element, rowCount) => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    let checked = 0;
    const bodyRows = Array.from(element.querySelectorAll('tbody tr')).slice(0, rowCount);
    for (const row of bodyRows) {
      // A read-only checkbox (List Polls' "Show result options") shows a setting; it is no action.
      for (const control of row.querySelectorAll<HTMLElement>('button, a[href], select, input:not([aria-readonly="true"])')) {
        // A checkbox's tap target is the label around it (the box itself is drawn 20 px).
        const target = control instanceof HTMLInputElement ? (control.closest('label') ?? control) : control;
        const name = `"${control.getAttribute('aria-label') ?? control.textContent?.trim() ?? ''}"`;
        checked += 1;
        const box = target.getBoundingClientRect();
        if (!target.checkVisibility({ visibilityProperty: true, opacityProperty: true }) || box.width === 0)
          problems.push(`${name} hidden`);
        else if (box.left < -1 || box.right > width + 1) problems.push(`${name} off screen (${box.left}..${box.right} of ${width})`);
        else if (box.height < 43.5) problems.push(`${name} ${box.height} px tall`);
      }
    }
    return { problems, checked };
  }, rows);
}

const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

for (const list of LISTS) {
  test(`${list.path} fits 320 to 1440 px without sideways scrolling, every row action tappable`, async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page);
    await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: 800 });
    await openRoute(page, list.path);
    await expect(page.getByRole('table', { name: list.table }).locator('tbody tr').first()).toBeVisible();
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await settle(page);
      if (width >= 768) await expect(page.locator('.mantine-AppShell-navbar'), 'the sidebar is open').toBeInViewport();
      for (const box of await sidewaysOverflow(page)) problems.push(`${width} px: ${box} scrolls sideways`);
      const actions = await unreachableActions(page, list.table, ROWS_CHECKED);
      if (list.table !== 'Viewers') expect(actions.checked, `row actions of ${list.table} at ${width} px`).toBeGreaterThan(0);
      for (const action of actions.problems) problems.push(`${width} px: ${action}`);
      if (width === 1440) {
        // A desktop beside the open sidebar shows the table itself, every column heading whole (not the cards).
        const headings = await page
          .getByRole('table', { name: list.table })
          .getByRole('columnheader')
          .evaluateAll((cells) =>
            cells.map((cell) => ({
              text: cell.textContent,
              width: cell.getBoundingClientRect().width,
              whole: cell.scrollWidth <= cell.clientWidth + 1,
            })),
          );
        for (const heading of headings)
          if (heading.width <= 1 || !heading.whole) problems.push(`1440 px: column "${heading.text}" not shown whole`);
      }
      // Before/after pictures for the review of the change, only when asked for.
      const shots = process.env.LISTS_SHOTS_DIR;
      if (shots && (width === 375 || width === 1440)) {
        await page.screenshot({ path: `${shots}/${list.path.slice(1)}-${width}.png`, fullPage: true });
      }
    }
    expect(problems).toEqual([]);
  });
}
