import { pageSlice } from '../../ui/page-range';
import {
  allQuestionsEmptyText,
  checkedIn,
  checkedText,
  categoryReferences,
  dropQuestion,
  filterByCategory,
  initialPicker,
  moveChecked,
  reconcilePicker,
  type PickerQuestion,
} from './question-picker';

const bank = ['q1', 'q2', 'q3', 'q4', 'q5'];

describe('question picker', () => {
  it('starts with the quiz order in Selected and the rest of the bank in All, ignoring unknown and repeated keys', () => {
    expect(initialPicker(bank, ['q4', 'q2', 'gone', 'q4'])).toEqual({ selected: ['q4', 'q2'], all: ['q1', 'q3', 'q5'] });
  });

  it('moves the checked items to the end of the other list in their order, either way', () => {
    const state = initialPicker(bank, ['q5']);
    const added = moveChecked(state, 'all', new Set(['q3', 'q1']));
    expect(added).toEqual({ selected: ['q5', 'q1', 'q3'], all: ['q2', 'q4'] });
    expect(moveChecked(added, 'selected', new Set(['q5', 'q2']))).toEqual({ selected: ['q1', 'q3'], all: ['q2', 'q4', 'q5'] });
    expect(moveChecked(state, 'all', new Set())).toBe(state);
  });

  it('reorders within a list: dropped on an item, up lands before it and down lands after it', () => {
    const state = initialPicker(bank, ['q1', 'q2', 'q3', 'q4']);
    expect(dropQuestion(state, 'q4', 'selected', 'q2').selected).toEqual(['q1', 'q4', 'q2', 'q3']);
    expect(dropQuestion(state, 'q1', 'selected', 'q3').selected).toEqual(['q2', 'q3', 'q1', 'q4']);
    expect(dropQuestion(state, 'q2', 'selected', 'q2')).toBe(state);
  });

  it('moves across lists by drop: before the item dropped on, or at the end when dropped on the list', () => {
    const state = initialPicker(bank, ['q1', 'q2']);
    expect(dropQuestion(state, 'q4', 'selected', 'q2')).toEqual({ selected: ['q1', 'q4', 'q2'], all: ['q3', 'q5'] });
    expect(dropQuestion(state, 'q1', 'all', null)).toEqual({ selected: ['q2'], all: ['q3', 'q4', 'q5', 'q1'] });
    expect(dropQuestion(state, 'unknown', 'all', null)).toBe(state);
  });

  it('follows the bank: deleted questions leave, new ones join All, nothing changed gives the same state', () => {
    const state = initialPicker(bank, ['q2', 'q3']);
    expect(reconcilePicker(state, ['q1', 'q2', 'q4', 'q5', 'q6'])).toEqual({ selected: ['q2'], all: ['q1', 'q4', 'q5', 'q6'] });
    expect(reconcilePicker(state, bank)).toBe(state);
  });

  it('filters by category, matching a category by its server id or its local key; no category shows all', () => {
    const questions = new Map<string, PickerQuestion>([
      ['q1', { localId: 'q1', category: 7 }],
      ['q2', { localId: 'q2', category: 'local-c' }],
      ['q3', { localId: 'q3', category: 8 }],
      ['q4', { localId: 'q4', category: null }],
    ]);
    const list = ['q1', 'q2', 'q3', 'q4'];
    const history = { localId: 's-7', serverId: 7 };
    const offline = { localId: 'local-c', serverId: null };
    expect(filterByCategory(list, questions, categoryReferences([history]))).toEqual(['q1']);
    expect(filterByCategory(list, questions, categoryReferences([history, offline]))).toEqual(['q1', 'q2']);
    expect(filterByCategory(list, questions, categoryReferences([]))).toEqual(list);
  });

  it('pages the filtered All list', () => {
    const all = Array.from({ length: 23 }, (_, index) => `q${index + 1}`);
    expect(pageSlice(all, 3, 10)).toEqual(['q21', 'q22', 'q23']);
  });
});

describe('the checked count across pages', () => {
  it('counts and moves the checked keys still in the list as shown, on every page, not those moved away or filtered out', () => {
    const bank = Array.from({ length: 25 }, (_, index) => `q${index + 1}`);
    let state = initialPicker(bank, []);
    // Checked on page 1 and page 3, one unchecked again, one dragged to Selected meanwhile.
    const checked = new Set(['q2', 'q3', 'q23']);
    checked.delete('q3');
    checked.add('q5');
    state = dropQuestion(state, 'q5', 'selected', null);
    expect(checkedIn(state.all, checked)).toEqual(new Set(['q2', 'q23']));
    expect(checkedText(checkedIn(state.all, checked).size)).toBe('2 checked');
    // Hidden by the category filter: not counted, not moved.
    const shown = state.all.filter((key) => key !== 'q23');
    const moved = moveChecked(state, 'all', checkedIn(shown, checked));
    expect(moved.selected).toEqual(['q5', 'q2']);
    expect(moved.all).toContain('q23');
    expect(checkedText(0)).toBe('');
  });
});

describe('allQuestionsEmptyText', () => {
  it('says the bank is empty, every question is selected, or none left matches the categories', () => {
    expect(allQuestionsEmptyText(0, 0)).toBe('No questions yet: add questions first.');
    expect(allQuestionsEmptyText(3, 0)).toBe('Every question is selected: none is left to add.');
    expect(allQuestionsEmptyText(3, 2)).toBe('No question matches the chosen categories.');
  });
});
