import { QUESTION_FILES, questionDetail, questionListItem, type QuestionDetail, type QuestionListItem } from '../../lib/contract/question';
import { resource } from './resource';

/**
 * GET/POST /api/v1/questions/, GET/PATCH/DELETE /api/v1/questions/{id}/, POST /api/v1/bulk-delete-questions/
 * (the Question calls of the API). A file in `image` sends the write as multipart; the image URL read back is never sent.
 */
export const questionsApi = resource<QuestionListItem, QuestionDetail>(
  {
    path: 'api/v1/questions/',
    fileFields: QUESTION_FILES,
    bulkDelete: { path: 'api/v1/bulk-delete-questions/', field: 'questions' },
  },
  { item: questionListItem, one: questionDetail },
);
