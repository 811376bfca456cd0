import { describe, expect, it } from 'vitest';
import {
  changedPayload,
  createPayload,
  emptyQuestionForm,
  formErrorsFromServer,
  formValuesOf,
  validateQuestionForm,
  type QuestionFormValues,
} from './question-form';
import type { QuestionRow } from './question-rows';

const filled = (overrides: Partial<QuestionFormValues> = {}): QuestionFormValues => ({
  ...emptyQuestionForm(),
  selectedCategory: '4',
  questionDescription: ' Largest planet? ',
  questionHint: '',
  options: { A: 'Mars', B: 'Jupiter, the giant', C: 'Venus', D: 'Earth' },
  rawCorrectOptions: 'b',
  ...overrides,
});

describe('question form', () => {
  it('requires category, description, the four options and the correct option; the hint is optional', () => {
    expect(validateQuestionForm(emptyQuestionForm())).toEqual({
      selectedCategory: 'This field is required.',
      questionDescription: 'This field may not be blank.',
      'options.A': 'This field may not be blank.',
      'options.B': 'This field may not be blank.',
      'options.C': 'This field may not be blank.',
      'options.D': 'This field may not be blank.',
      rawCorrectOptions: 'This field may not be blank.',
    });
    expect(validateQuestionForm(filled())).toEqual({});
    expect(validateQuestionForm(filled({ rawCorrectOptions: 'E' }))).toEqual({ rawCorrectOptions: '"E" is not a valid choice.' });
    expect(validateQuestionForm(filled({ rawCorrectOptions: 'D' }), ['A', 'B', 'C'])).toEqual({
      rawCorrectOptions: '"D" is not a valid choice.',
    });
  });

  it('builds the create payload: options joined, correct option upper-cased, the image only when a file was chosen', () => {
    expect(createPayload(filled())).toEqual({
      category: '4',
      description: 'Largest planet?',
      hint: '',
      options: 'A: Mars, B: Jupiter, the giant, C: Venus, D: Earth',
      correct_option: 'B',
    });
    const file = new File(['x'], 'a.png');
    expect(createPayload(filled({ sponsorImage: file })).image).toBe(file);
    expect(createPayload(filled({ sponsorImage: 'http://host/media/a.png' }))).not.toHaveProperty('image');
  });

  it('sends only what an edit changed: never the unchanged image; a new file, or image_clear on removal', () => {
    const initial = filled({ sponsorImage: 'http://host/media/a.png' });
    expect(changedPayload(initial, { ...initial })).toEqual({});
    expect(changedPayload(initial, { ...initial, questionHint: 'Gas giant' })).toEqual({ hint: 'Gas giant' });
    const file = new File(['x'], 'b.png');
    expect(changedPayload(initial, { ...initial, sponsorImage: file })).toEqual({ image: file });
    expect(changedPayload(initial, { ...initial, sponsorImage: null })).toEqual({ image: null, image_clear: true });
  });

  it('fills the edit form from a stored question', () => {
    const row = {
      localId: 's-9',
      serverId: 9,
      syncState: 'synced',
      serverCopy: null,
      description: 'Q',
      hint: 'H',
      image: 'http://host/media/q.png',
      options: ['A: 1', 'B: 2', 'C: 3', 'D: 4'],
      correct_option: 'C',
      category: 7,
    } satisfies QuestionRow;
    expect(formValuesOf(row)).toEqual({
      selectedCategory: '7',
      questionDescription: 'Q',
      questionHint: 'H',
      options: { A: '1', B: '2', C: '3', D: '4' },
      rawCorrectOptions: 'C',
      sponsorImage: 'http://host/media/q.png',
    });
  });

  it("puts the server's field errors under the matching fields", () => {
    expect(
      formErrorsFromServer({ image: ['Upload a valid image.'], correct_option: ['"E" is not a valid choice.'], detail: ['Nope'] }),
    ).toEqual({
      fields: { sponsorImage: 'Upload a valid image.', rawCorrectOptions: '"E" is not a valid choice.' },
      other: ['Nope'],
    });
  });
});
