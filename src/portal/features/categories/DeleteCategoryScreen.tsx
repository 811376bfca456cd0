import { Alert, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { deleteCategory, useCategory } from '../../store/categories';
import { useQuestions } from '../../store/questions';
import { categoryInUseMessage } from '../../../lib/contract/category';
import { usedByText, usesOf } from './category-rows';
import { DeleteConfirmation } from '../../ui/DeleteConfirmation';
import { notifyDone, notifyError } from '../../ui/notify';
import { MissingCategory, useCanonicalCategoryPath } from './EditCategoryScreen';
import { paths } from '../../../lib/paths';

/** /add-category/:id/delete: the spec's question, Cancel and Delete, then back to /add-category. */
export function DeleteCategoryScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const row = useCategory(id);
  const questions = useQuestions();
  const [refusal, setRefusal] = useState<{ message: string; usedBy: string } | null>(null);
  useCanonicalCategoryPath(id, row, paths.deleteCategory);

  if (!row) {
    return (
      <Stack maw={560}>
        <Title order={1}>Delete Category</Title>
        {row === undefined ? <Text c="dimmed">Loading…</Text> : <MissingCategory />}
      </Stack>
    );
  }
  return (
    <DeleteConfirmation
      title="Delete Category"
      question="Are you sure you want to delete this Category Instance?"
      subject={row.name}
      onCancel={() => navigate(paths.categories())}
      notice={
        refusal && (
          <Alert color="red" title="This category is in use" role="alert">
            <Text size="sm">{refusal.message}</Text>
            <Text size="sm">{refusal.usedBy}</Text>
          </Alert>
        )
      }
      onDelete={async () => {
        // The server refuses to delete a category still used by questions: known here, the row stays and says so.
        const uses = usesOf(row, questions ?? []);
        if (uses > 0) {
          setRefusal({ message: categoryInUseMessage(uses), usedBy: usedByText(row, questions ?? []) });
          return;
        }
        try {
          // Queued; if the server still refuses, the row comes back in the list with the reason (sync/push.ts).
          await deleteCategory(row.localId);
          notifyDone('Category deleted');
          navigate(paths.categories());
        } catch (error) {
          notifyError(error, 'The category could not be deleted');
        }
      }}
    />
  );
}
