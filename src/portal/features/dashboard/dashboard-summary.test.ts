import { liveQuizzes, quizzesByStatus, type DashboardQuiz } from './dashboard-summary';

const quiz = (name: string, status?: DashboardQuiz['status']): DashboardQuiz => ({ localId: name, serverId: 1, name, status });

describe('dashboard summary', () => {
  const quizzes = [
    quiz('b', 'STARTED'),
    quiz('a', 'ACTIVATED'),
    quiz('c', 'COMPLETED'),
    quiz('d'),
    quiz('e', 'RESULT_AWAITED'),
    quiz('f', 'ANNOUNCED'),
  ];

  it('counts quizzes per status in the status order; a quiz without a status yet is Announced', () => {
    expect(quizzesByStatus(quizzes).map(({ label, count }) => `${label}:${count}`)).toEqual([
      'Announced:2',
      'Activated:1',
      'Started:1',
      'Result Awaited:1',
      'Result Announced:0',
      'Completed:1',
    ]);
  });

  it('calls activated, started and result-awaited quizzes live, by name', () => {
    expect(liveQuizzes(quizzes).map((item) => item.name)).toEqual(['a', 'b', 'e']);
  });
});
