import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/fixtures';
import { openRoute } from './support/demo-routes';

// A host runs the portal on a tablet or a phone, with a finger: every visible control of the main screens must
// offer at least 44x44 px to tap. The hit area counts the control's own box, the label around it (a tap on a
// label works the control) and its padded hit area (src/portal/app/touch-targets.css draws one with ::before where the
// visible box is smaller). Opened pop-ups (a dropdown's options, a date picker's days and arrows) are scanned too.

const WIDTHS = [
  { width: 375, height: 740 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
];
/** The main screens, each with what shows once its data is in (a new device pulls the lists first). */
const SCREENS: { path: string; ready: (page: Page) => Locator }[] = [
  { path: '/dashboard', ready: (page) => page.getByRole('list', { name: 'Live quizzes' }).getByRole('link').first() },
  { path: '/add-quiz', ready: (page) => page.getByRole('form', { name: 'Create quiz' }) },
  { path: '/list-quiz', ready: (page) => firstRow(page, 'Quizzes') },
  { path: '/add-question', ready: (page) => page.getByRole('form', { name: 'Add question' }) },
  { path: '/list-questions', ready: (page) => firstRow(page, 'Questions') },
  { path: '/add-category', ready: (page) => firstRow(page, 'Categories') },
  { path: '/list-polls', ready: (page) => firstRow(page, 'Polls') },
  { path: '/add-polls', ready: (page) => page.getByRole('form', { name: 'Add poll' }) },
  { path: '/quiz-report', ready: (page) => firstRow(page, 'Attempts') },
  { path: '/viewers-data', ready: (page) => firstRow(page, 'Viewers') },
  { path: '/setting', ready: (page) => page.getByRole('form', { name: 'Setting' }) },
];

function firstRow(page: Page, table: string): Locator {
  return page.getByRole('table', { name: table }).getByRole('row').nth(1);
}

/** Visible controls whose hit area is under 44x44 px, described for the failure message. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 43.5;
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="option"]',
      '[role="menuitem"]',
      '[role="tab"]',
      '[role="slider"]',
      '[role="combobox"]',
    ].join(', ');
    interface Area {
      left: number;
      top: number;
      right: number;
      bottom: number;
    }
    const union = (a: Area, b: Area): Area => ({
      left: Math.min(a.left, b.left),
      top: Math.min(a.top, b.top),
      right: Math.max(a.right, b.right),
      bottom: Math.max(a.bottom, b.bottom),
    });
    /** The box a positioned ::before or ::after adds around the element (its negative insets). */
    const pseudoArea = (element: Element, box: DOMRect, which: '::before' | '::after'): Area | null => {
      const style = getComputedStyle(element, which);
      if (style.content === 'none' || style.content === 'normal' || style.position !== 'absolute') return null;
      const px = (value: string) => (value.endsWith('px') ? Number.parseFloat(value) : 0);
      return {
        left: box.left + px(style.left),
        top: box.top + px(style.top),
        right: box.right - px(style.right),
        bottom: box.bottom - px(style.bottom),
      };
    };
    const hidden = (element: HTMLElement) =>
      !element.checkVisibility({ visibilityProperty: true, opacityProperty: false }) || element.closest('[inert]') !== null;
    // A visually hidden input (a switch's, a segmented control's) is worked by the label drawn for it.
    const visuallyHidden = (box: DOMRect) => box.width <= 1 || box.height <= 1;
    // Links inside running text are no controls (WCAG's inline exception).
    const inText = (element: HTMLElement) =>
      element.tagName === 'A' &&
      element.closest('p') !== null &&
      (element.closest('p')?.textContent ?? '').trim() !== element.textContent?.trim();
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      // A disabled control (a date before the earliest allowed) takes no tap; a read-only checkbox (List Polls'
      // "Show result options") shows a setting and is no control.
      if (hidden(element) || inText(element) || element.matches(':disabled, [aria-disabled="true"], [aria-readonly="true"]')) continue;
      // The same control twice (an input and the option role on it) is measured once, by its outermost match.
      if (element.parentElement?.closest(selector) && !element.matches('input')) continue;
      const box = element.getBoundingClientRect();
      let area: Area = visuallyHidden(box) ? { left: 0, top: 0, right: 0, bottom: 0 } : box;
      for (const which of ['::before', '::after'] as const) {
        const extra = pseudoArea(element, box, which);
        if (extra) area = union(area, extra);
      }
      // A field's text input inside its bordered box (a multi-select's, a password's): the box takes the tap.
      const field = element.matches('input, textarea') ? element.closest('.mantine-Input-wrapper') : null;
      if (field) area = union(area, field.getBoundingClientRect());
      const label =
        element.closest('label') ?? (element.id ? document.querySelector<HTMLElement>(`label[for="${CSS.escape(element.id)}"]`) : null);
      // A label shares the hit only where it holds the control (a checkbox's box and text), not a field's title.
      if (label && (label.contains(element) || element.matches('input[type="checkbox"], input[type="radio"]'))) {
        const labelBox = label.getBoundingClientRect();
        if (!visuallyHidden(labelBox)) area = union(area, labelBox);
      }
      if (visuallyHidden(box) && area.right - area.left === 0) continue;
      const width = area.right - area.left;
      const height = area.bottom - area.top;
      if (width < MIN || height < MIN) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('placeholder') ?? '')
          .trim()
          .slice(0, 40);
        const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
        found.push(`${role} "${name}" ${Math.round(width)}x${Math.round(height)}`);
      }
    }
    return found;
  });
}

for (const size of WIDTHS) {
  test(`every control of the main screens offers 44x44 px to a finger at ${size.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await signIn(page);
    const problems: string[] = [];
    for (const { path, ready } of SCREENS) {
      await openRoute(page, path);
      await expect(ready(page), path).toBeVisible();
      await expect(page.getByText('Loading…'), path).toHaveCount(0);
      problems.push(...(await smallTargets(page)).map((problem) => `${path}: ${problem}`));
    }

    // Pop-ups: a dropdown's options, a number field's steppers and a date picker's days and month arrows.
    await openRoute(page, '/add-quiz');
    await page.getByRole('combobox', { name: 'Mode', exact: true }).click();
    await expect(page.getByRole('option', { name: 'MANUAL' })).toBeVisible();
    problems.push(...(await smallTargets(page)).map((problem) => `Mode options: ${problem}`));
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Start Date', exact: true }).click();
    await expect(page.getByRole('button', { name: /^\d+ \w+ \d{4}$/ }).last()).toBeVisible();
    problems.push(...(await smallTargets(page)).map((problem) => `date picker: ${problem}`));

    // The top bar's "1 waiting" link, with a change held back by a network that does not answer.
    await page.route('**/api/v1/category/', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
    await openRoute(page, '/add-category');
    const form = page.getByRole('form', { name: 'Add category' });
    await form.getByRole('textbox', { name: 'Name' }).fill(`Waiting ${size.width}`);
    await form.getByRole('button').click();
    await expect(page.getByRole('banner').getByRole('link', { name: /waiting/ })).toBeVisible();
    problems.push(...(await smallTargets(page)).map((problem) => `top bar with a waiting change: ${problem}`));

    expect(problems).toEqual([]);
  });
}
