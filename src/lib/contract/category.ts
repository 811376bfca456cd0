import { z } from 'zod';
import { builtOnFirstUse } from './built-on-first-use';
import { pageOf } from './page';
import { changesQuery, pagingQuery, searchQuery } from './request';

// Question categories (the specification's Category fields and calls). Shared by the portal's forms and API client and by
// the server's validation.
//
// GET /api/v1/category/ lists the caller's categories by name (case-insensitive, then id), so the table
// reads alphabetically; with `?updated_after=` the rows come oldest change first (for sync) with `deleted`.
// DELETE of a category still used by questions answers 400 {"detail": CATEGORY_IN_USE_MESSAGE(n)} and
// deletes nothing: removing questions (and with them places in quizzes) is left to an explicit choice.

export const CATEGORY_NAME_MAX_LENGTH = 100;
export const CATEGORY_NAME_TAKEN_MESSAGE = 'category with this name already exists.';

export function categoryInUseMessage(questionCount: number): string {
  const questions = questionCount === 1 ? '1 question uses' : `${questionCount} questions use`;
  return `This category cannot be deleted: ${questions} it. Move or delete those questions first.`;
}

export const { categoryPayload, categoryPatchPayload, category, categoryListQuery, categoryPage } = builtOnFirstUse(() => {
  /** POST and PATCH body: the name, trimmed, not blank, at most 100 characters (unique per client, checked by the server). */
  const categoryPayload = z.object({
    name: z
      .string()
      .trim()
      .min(1, 'This field may not be blank.')
      .max(CATEGORY_NAME_MAX_LENGTH, `Ensure this field has no more than ${CATEGORY_NAME_MAX_LENGTH} characters.`),
  });
  const category = z.object({
    id: z.number(),
    name: z.string(),
    client: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
    version: z.number(),
  });
  return {
    categoryPayload,
    categoryPatchPayload: categoryPayload.partial(),
    category,
    categoryListQuery: z.object({ ...pagingQuery(), ...searchQuery(), ...changesQuery() }),
    categoryPage: pageOf(category),
  };
});
export type CategoryPayload = z.infer<typeof categoryPayload>;
export type CategoryPatchPayload = z.infer<typeof categoryPatchPayload>;
export type Category = z.infer<typeof category>;
export type CategoryListQuery = z.input<typeof categoryListQuery>;
