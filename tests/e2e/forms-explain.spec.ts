import { expect, test } from '@playwright/test';
import { signIn } from './support/fixtures';
import { openRoute } from './support/demo-routes';

// A new host fills the forms without the Help drawer: each confusing field says what it does where it stands, and
// the correct option is a choice among the letters, not a one-character text box.

test('Add Quiz says what Mode, Question Number and Show Options do', async ({ page }) => {
  await signIn(page);
  await openRoute(page, '/add-quiz');
  const mode = page.getByRole('combobox', { name: 'Mode', exact: true });
  await expect(mode).toHaveAccessibleDescription(/AUTO: the quiz moves through its questions on its timers\. MANUAL: you move it/);
  await mode.click();
  await page.getByRole('option', { name: 'MANUAL' }).click();
  await expect(page.getByRole('textbox', { name: 'Question Number' })).toHaveAccessibleDescription(/The question a MANUAL quiz is on/);
  await expect(page.getByText("Players' phones show the option texts; unticked, they show only the letters A-D.")).toBeVisible();
});

test('Add Question offers the correct option as one of the letters and says what its picture is for', async ({ page }) => {
  await signIn(page);
  await openRoute(page, '/add-question');
  const form = page.getByRole('form', { name: 'Add question' });
  const correct = form.getByRole('radiogroup', { name: 'Correct Option' });
  await expect(correct.getByRole('radio')).toHaveCount(4);
  await correct.getByRole('radio', { name: 'C' }).check();
  await expect(correct.getByRole('radio', { name: 'C' })).toBeChecked();
  await expect(form.getByRole('textbox', { name: 'Correct Option' })).toHaveCount(0);
  await expect(form.getByText("A picture shown with this question on the stage and the players' phones", { exact: false })).toBeVisible();
});

test('Add Poll says the stage makes its own QR code; Edit Poll says what the poll hash is for', async ({ page }) => {
  await signIn(page);
  await openRoute(page, '/add-polls');
  await expect(page.getByText("the stage makes its own QR code of the poll's link", { exact: false })).toBeVisible();
  await openRoute(page, '/list-polls');
  await page.getByRole('table', { name: 'Polls' }).getByRole('link', { name: /^Edit/ }).first().click();
  await expect(page.getByRole('textbox', { name: 'Poll hash' })).toHaveAccessibleDescription(
    /The poll's own code among your polls .* players join by the join code or the poll's link, not by this\./,
  );
});
