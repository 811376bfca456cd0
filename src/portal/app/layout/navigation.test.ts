import type { CurrentUser } from '../../../lib/contract/accounts';
import { paths } from '../../../lib/paths';
import { linkIsActive, navigationFor } from './navigation';

const user = { client_details: { poll_enabled: true } } as CurrentUser;
const litOn = (pathname: string) =>
  navigationFor(user)
    .flatMap((entry) => entry.links ?? [])
    .filter((link) => linkIsActive(pathname, link))
    .map((link) => link.label);

// Edit Quiz (/add-quiz/7/update) lit "Add new Quiz".
it('lights the list a row was opened from on its edit and delete screens, and Add new Quiz only on its own page', () => {
  expect(litOn(paths.editQuiz(7))).toEqual(['List of Quizzes']);
  expect(litOn(paths.deleteQuiz('local-1'))).toEqual(['List of Quizzes']);
  expect(litOn(paths.addQuiz())).toEqual(['Add new Quiz']);
  expect(litOn(`${paths.addQuiz()}/`)).toEqual(['Add new Quiz']);
  expect(litOn(paths.quizControl(7))).toEqual(['List of Quizzes']);
  expect(litOn(paths.editQuestion(3))).toEqual(['List Questions']);
  expect(litOn(paths.editCategory(3))).toEqual(['Question Categories']);
  expect(litOn(paths.editPoll(3))).toEqual(['List Polls']);
});
