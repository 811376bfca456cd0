import { statusText } from './status-text';

it('writes statuses as words, never the raw codes', () => {
  expect(statusText('COMPLETED')).toBe('Completed');
  expect(statusText('IN_PROGRESS')).toBe('In progress');
  expect(statusText('RESULT_ANNOUNCED')).toBe('Result Announced');
  expect(statusText('TIMED_OUT')).toBe('Timed out');
});
