import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { deleteCategory, useCategory } from '../../store/categories';
import { DeleteConfirmation } from '../../ui/DeleteConfirmation';
import { notifyError } from '../../ui/notify';
import { MissingCategory, useCanonicalCategoryPath } from './EditCategoryScreen';
import { paths } from '../../lib/paths';

/** /add-category/:id/delete: the spec's question, Cancel and Delete, then back to /add-category. */
export function DeleteCategoryScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const row = useCategory(id);
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
      onDelete={async () => {
        try {
          // Queued; if the server refuses (a category still used by questions) the Sync screen says why.
          await deleteCategory(row.localId);
          navigate(paths.categories());
        } catch (error) {
          notifyError(error, 'The category could not be deleted');
        }
      }}
    />
  );
}
