import { paths } from './paths';

describe('paths', () => {
  it('builds each screen address from a row key, the same way for the router with a parameter pattern', () => {
    expect(paths.editQuiz(12)).toBe('/add-quiz/12/update');
    expect(paths.editQuiz(':id')).toBe('/add-quiz/:id/update');
    expect(paths.quizControl('local-1')).toBe('/list-quiz/local-1/control');
    expect(paths.quizStage(7)).toBe('/list-quiz/7/stage');
    expect(paths.pollStage(':id')).toBe('/list-polls/:id/stage');
    expect(paths.editChoice(8, 3)).toBe('/list-polls/8/update/choices/3/update');
    expect(paths.deleteChoice(':id', ':choiceId')).toBe('/list-polls/:id/update/choices/:choiceId/delete');
  });

  it('gives every screen a distinct address', () => {
    const builders: ((...keys: string[]) => string)[] = Object.values(paths);
    const built = builders.map((build) => build('k', 'c'));
    expect(new Set(built).size).toBe(built.length);
  });
});
