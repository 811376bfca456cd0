import type { NewQuestion, QuestionChanges } from '../../store/questions';
import { correctOption } from '../../../lib/contract/question';
import { encodeOptions, OPTION_LETTERS, optionsOfQuestion, type OptionLetter } from '../../../lib/options-codec';
import type { ImageValue } from '../../ui/ImageInput';
import type { QuestionRow } from './question-rows';

/** The question form, with the specification's field names. */
export interface QuestionFormValues {
  selectedCategory: string;
  questionDescription: string;
  questionHint: string;
  options: Record<OptionLetter, string>;
  rawCorrectOptions: string;
  sponsorImage: ImageValue;
}

export const REQUIRED_MESSAGE = 'This field is required.';
const BLANK_MESSAGE = 'This field may not be blank.';

export const emptyQuestionForm = (): QuestionFormValues => ({
  selectedCategory: '',
  questionDescription: '',
  questionHint: '',
  options: { A: '', B: '', C: '', D: '' },
  rawCorrectOptions: '',
  sponsorImage: null,
});

/** The form filled from a stored question (the category as the key the select uses). */
export function formValuesOf(row: QuestionRow): QuestionFormValues {
  const map = optionsOfQuestion(row);
  return {
    selectedCategory: String(row.category),
    questionDescription: row.description,
    questionHint: row.hint ?? '',
    options: { A: map.a, B: map.b, C: map.c, D: map.d },
    rawCorrectOptions: row.correct_option,
    sponsorImage: row.image instanceof Blob ? (row.image as File) : (row.image ?? null),
  };
}

/** Field errors by form path ('options.A' for an option), from the specification's validation rules. */
export function validateQuestionForm(
  values: QuestionFormValues,
  letters: readonly OptionLetter[] = OPTION_LETTERS,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.selectedCategory) errors.selectedCategory = REQUIRED_MESSAGE;
  if (!values.questionDescription.trim()) errors.questionDescription = BLANK_MESSAGE;
  for (const letter of letters) if (!values.options[letter].trim()) errors[`options.${letter}`] = BLANK_MESSAGE;
  const correct = correctOption.safeParse(values.rawCorrectOptions);
  if (!correct.success) errors.rawCorrectOptions = correct.error.issues[0]?.message ?? BLANK_MESSAGE;
  else if (!letters.includes(correct.data)) errors.rawCorrectOptions = `"${correct.data}" is not a valid choice.`;
  return errors;
}

/** The create payload (the POST calls of the API): the image only when a file was chosen. */
export function createPayload(values: QuestionFormValues): NewQuestion {
  return {
    category: values.selectedCategory,
    description: values.questionDescription.trim(),
    hint: values.questionHint.trim(),
    options: encodeOptions(values.options),
    correct_option: values.rawCorrectOptions.trim().toUpperCase(),
    ...(values.sponsorImage instanceof Blob ? { image: values.sponsorImage } : {}),
  };
}

const TEXT_FIELDS = ['category', 'description', 'hint', 'options', 'correct_option'] as const;

/**
 * The fields an edit changed (the PATCH calls of the API). An image that did not change is not sent again; a new file
 * replaces it; removing it sends image_clear (the contract's way, as a file field never carries a URL).
 */
export function changedPayload(initial: QuestionFormValues, values: QuestionFormValues): QuestionChanges {
  const before = createPayload(initial);
  const after = createPayload(values);
  const changes: QuestionChanges = Object.fromEntries(
    TEXT_FIELDS.filter((field) => after[field] !== before[field]).map((field) => [field, after[field]]),
  );
  if (values.sponsorImage !== initial.sponsorImage) {
    if (values.sponsorImage instanceof Blob) changes.image = values.sponsorImage;
    else if (values.sponsorImage === null) Object.assign(changes, { image: null, image_clear: true });
  }
  return changes;
}

const FORM_FIELD_OF: Record<string, string> = {
  category: 'selectedCategory',
  description: 'questionDescription',
  hint: 'questionHint',
  options: 'options.A',
  correct_option: 'rawCorrectOptions',
  image: 'sponsorImage',
};

/** The server's field errors ({"field": ["msg"]}) on the form's fields (docs/decisions.md "Spec defects fixed"); others under the form. */
export function formErrorsFromServer(fieldErrors: Record<string, string[]>): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const formField = FORM_FIELD_OF[field];
    if (formField) fields[formField] = messages.join(' ');
    else other.push(...messages);
  }
  return { fields, other };
}
