import { Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { categoriesMirror, updateCategory, useCategories, useCategory } from '../../store/categories';
import { useFollowServerId } from '../../store/follow-server-id';
import { CATEGORY_NAME_TAKEN_MESSAGE, categoryPayload } from '../../../lib/contract/category';
import { notifyDone, notifyError } from '../../ui/notify';
import { nameTaken, type CategoryRow } from './category-rows';
import { paths } from '../../../lib/paths';
import { MissingRecord } from '../../ui/MissingRecord';
import { PrimaryAction, SecondaryAction } from '../../ui/actions';

/** A category the route names is not on this device (deleted, or never synced here). */
export function MissingCategory() {
  return <MissingRecord what="category" back={paths.categories()} backLabel="Back to the categories" />;
}

/** Moves a page opened on a local id to the server id once known (also when opened after the sync). */
export function useCanonicalCategoryPath(key: string | undefined, row: CategoryRow | null | undefined, pathFor: (key: string) => string) {
  useFollowServerId(categoriesMirror, key, row?.serverId, pathFor);
}

function EditCategoryForm({ row }: { row: CategoryRow }) {
  const navigate = useNavigate();
  const others = useCategories();
  const [saving, setSaving] = useState(false);
  const form = useForm({ mode: 'controlled', initialValues: { name: row.name } });

  const submit = form.onSubmit(async ({ name }) => {
    const parsed = categoryPayload.safeParse({ name });
    if (!parsed.success) {
      form.setFieldError('name', parsed.error.issues[0]?.message ?? 'Enter a name.');
      return;
    }
    if (nameTaken(others ?? [], parsed.data.name, row.localId)) {
      form.setFieldError('name', CATEGORY_NAME_TAKEN_MESSAGE);
      return;
    }
    setSaving(true);
    try {
      // Queued; a change the server refused becomes pending again with this fix (local/commands.ts).
      await updateCategory(row.localId, parsed.data);
      notifyDone('Category updated');
      navigate(paths.categories());
    } catch (error) {
      notifyError(error, 'The category could not be updated');
      setSaving(false);
    }
  });

  return (
    <Paper p="md" component="form" onSubmit={submit} noValidate aria-label="Edit category">
      <Stack>
        <TextInput label="Name" withAsterisk required maxLength={100} {...form.getInputProps('name')} />
        <Group>
          <SecondaryAction onClick={() => navigate(paths.categories())}>Cancel</SecondaryAction>
          <PrimaryAction type="submit" loading={saving}>
            Update
          </PrimaryAction>
        </Group>
      </Stack>
    </Paper>
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
