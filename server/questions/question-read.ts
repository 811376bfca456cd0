import { sql, type Kysely, type Selectable } from 'kysely';
import type { QuestionDetail, QuestionListItem } from '../../src/lib/contract/question';
import { optionMap, optionsList } from '../../src/lib/options-codec';
import type { Database, QuestionTable } from '../db/schema';
import type { MediaUrls } from '../http/media-urls';
import { ownedBy } from '../http/tenant';

// Turns question rows into the answers of the API (see src/lib/contract/question.ts): the list's rows, the
// single question, and a quiz's questions as the list shows them (quizzes/quiz-read.ts).

export type QuestionRow = Selectable<QuestionTable> & { category_name: string };

function commonFields(media: MediaUrls, row: QuestionRow) {
  return {
    id: row.id,
    client: row.client_id,
    description: row.description,
    hint: row.hint,
    image: media(row.image),
    option_map: optionMap(row.options),
    correct_option: row.correct_option,
    category: row.category_id,
    category_detail: [{ id: row.category_id, name: row.category_name }],
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}

export function toQuestionListItem(media: MediaUrls, row: QuestionRow): QuestionListItem {
  return { ...commonFields(media, row), options: row.options };
}

/** The list items of rows kept by BankPageCache (bank-pages.ts), made once per row. */
const keptListItems = new WeakMap<QuestionRow, QuestionListItem>();
const noMedia: MediaUrls = () => null;

/**
 * toQuestionListItem for a row kept by BankPageCache: such rows are answered again and again, and making
 * their items (the options parsed into option_map above all) was the biggest part of a cached page's own
 * work. Only an image's URL depends on the request (its host); a question without one gets the same item
 * every time, which nothing changes after it is made (answers are only serialised).
 */
export function toKeptQuestionListItem(media: MediaUrls, row: QuestionRow): QuestionListItem {
  let item = keptListItems.get(row);
  if (!item) {
    item = toQuestionListItem(noMedia, row);
    keptListItems.set(row, item);
  }
  const image = media(row.image);
  return image === null ? item : { ...item, image };
}

export function toQuestionDetail(media: MediaUrls, row: QuestionRow): QuestionDetail {
  return { ...commonFields(media, row), options: optionsList(row.options) };
}

/**
 * A question's category name. A subquery, not a join: it runs only for the rows of the page, so counting
 * and skipping to page N read the (client_id, id) index alone (a join cost every row of the bank).
 */
export const CATEGORY_NAME = sql<string>`(select categories.name from categories where categories.id = questions.category_id)`;

/** The caller's questions with their category's name, ready for toQuestion*(). */
export function selectQuestions(db: Kysely<Database>, clientId: number) {
  return db.selectFrom('questions').selectAll('questions').select(CATEGORY_NAME.as('category_name')).$call(ownedBy('questions', clientId));
}

/** Questions by id as the list shows them, in the order of `ids` (for a quiz's questions_detail); unknown ids are skipped. */
export async function questionListItems(
  db: Kysely<Database>,
  media: MediaUrls,
  clientId: number,
  ids: readonly number[],
): Promise<QuestionListItem[]> {
  if (ids.length === 0) return [];
  const rows = await selectQuestions(db, clientId)
    .where('questions.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toQuestionListItem(media, row)] : [];
  });
}
