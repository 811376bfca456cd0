import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { categoriesMirror, updateCategory, useCategories, useCategory } from '../../store/categories';
import { useFollowServerId } from '../../store/follow-server-id';
import { CATEGORY_NAME_TAKEN_MESSAGE, categoryPayload } from '../../../lib/contract/category';
import { nameTaken, type CategoryRow } from './category-rows';
import { paths } from '../../../lib/paths';
import { MissingRecord } from '../../ui/MissingRecord';
import { EditNameForm } from '../../ui/EditNameForm';

/** A category the route names is not on this device (deleted, or never synced here). */
export function MissingCategory() {
  return <MissingRecord what="category" back={paths.categories()} backLabel="Back to the categories" />;
}

/** Moves a page opened on a local id to the server id once known (also when opened after the sync). */
export function useCanonicalCategoryPath(key: string | undefined, row: CategoryRow | null | undefined, pathFor: (key: string) => string) {
  useFollowServerId(categoriesMirror, key, row?.serverId, pathFor);
}

function EditCategoryForm({ row }: { row: CategoryRow }) {
  const others = useCategories();
  return (
    <EditNameForm
      label="Edit category"
      initialName={row.name}
      maxLength={100}
      back={paths.categories()}
      check={(name) => {
        const parsed = categoryPayload.safeParse({ name });
        if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Enter a name.' };
        if (nameTaken(others ?? [], parsed.data.name, row.localId)) return { error: CATEGORY_NAME_TAKEN_MESSAGE };
        return { name: parsed.data.name };
      }}
      // Queued; a change the server refused becomes pending again with this fix (local/commands.ts).
      save={(name) => updateCategory(row.localId, { name })}
      savedMessage="Category updated"
      failedMessage="The category could not be updated"
    />
  );
}

/** /add-category/:id/update (the id may be a local id before sync): one required name, Cancel and Update. */
export function EditCategoryScreen() {
  const { id } = useParams();
  const row = useCategory(id);
  useCanonicalCategoryPath(id, row, paths.editCategory);
  return (
    <Stack maw={560}>
      <Title order={1}>Edit Category</Title>
      {row === undefined ? (
        <Text c="dimmed">Loading…</Text>
      ) : row === null ? (
        <MissingCategory />
      ) : (
        <EditCategoryForm key={row.localId} row={row} />
      )}
    </Stack>
  );
}
