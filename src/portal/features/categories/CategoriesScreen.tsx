import { Stack, Text, Title } from '@mantine/core';
import { useMemo, useRef, type RefObject } from 'react';
import { createCategory, useListedCategories } from '../../store/categories';
import { usePendingDeletes, useRefusedChanges, type OutboxEntry } from '../../store/outbox';
import { useQuestions } from '../../store/questions';
import { PendingDeletes } from '../../ui/PendingDeletes';
import { routeKeyOf } from '../../store/mirror';
import { CATEGORY_NAME_TAKEN_MESSAGE, categoryPayload } from '../../../lib/contract/category';
import { editDeleteColumns } from '../../ui/RowLink';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { AddNameForm } from '../../ui/AddNameForm';
import { SearchedListFooter } from '../../ui/Pager';
import { SearchBox } from '../../ui/SearchBox';
import { useSearchedPages } from '../../ui/use-searched-pages';
import { SyncStateMarker } from '../../ui/SyncStateMarker';
import { CATEGORIES_PAGE_SIZE, nameTaken, updatedDate, usedByText, visibleCategories, type CategoryRow } from './category-rows';
import { paths } from '../../../lib/paths';
import { EmptyState, NoMatchState } from '../../ui/EmptyState';
import { CategoryIcon } from '../../ui/icons';
import { SecondaryAction } from '../../ui/actions';
import { listLoading, pullExpected } from '../../store/listed';
import { useSyncStatusValue } from '../../store/sync';

const NO_REFUSALS: ReadonlyMap<string, OutboxEntry> = new Map();

/**
 * Which questions use a category whose delete the server refused. Its own component: the questions (thousands
 * on a big device) are read only while such a row is shown, not on every start of the screen.
 */
function UsedBy({ row }: { row: CategoryRow }) {
  const questions = useQuestions();
  const usedBy = questions ? usedByText(row, questions) : '';
  return usedBy ? <Text size="sm">{usedBy}</Text> : null;
}

/**
 * The table's columns. A row whose change the server refused says why under its name, and for a refused
 * delete (a category still used by questions) which questions use it.
 */
function categoryColumns(refused: ReadonlyMap<string, OutboxEntry>): DataTableColumn<CategoryRow>[] {
  return [
    {
      header: 'Name',
      cell: (row) => {
        const entry = refused.get(row.localId);
        return (
          <>
            {row.name}
            <SyncStateMarker state={row.syncState} />
            {entry?.lastError && (
              <Text size="sm" c="var(--mantine-color-error)">
                {entry.kind === 'delete' ? 'Not deleted: ' : 'Not saved: '}
                {entry.lastError.message}
              </Text>
            )}
            {entry?.kind === 'delete' && <UsedBy row={row} />}
          </>
        );
      },
    },
    { header: 'Updated', cell: (row) => updatedDate(row), shrink: true },
    ...editDeleteColumns<CategoryRow>(routeKeyOf, { edit: paths.editCategory, remove: paths.deleteCategory }, (row) => row.name),
  ];
}

/** The add form: a required name; an empty one is ignored with a message under the field (the specification's validation rules). */
function AddCategoryForm({ rows, nameInput }: { rows: readonly CategoryRow[]; nameInput: RefObject<HTMLInputElement | null> }) {
  return (
    <AddNameForm
      label="Add category"
      fieldLabel="Name"
      buttonLabel="Add"
      maxLength={100}
      nameInput={nameInput}
      check={(name) => {
        const parsed = categoryPayload.safeParse({ name });
        if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Enter a name.' };
        if (nameTaken(rows, parsed.data.name)) return { error: CATEGORY_NAME_TAKEN_MESSAGE };
        return { name: parsed.data.name };
      }}
      save={(name) => createCategory({ name })}
      savedMessage="Category added"
      failedMessage="The category could not be added"
    />
  );
}

/** /add-category: add form, search and the paged categories table, read from the mirror (works offline). */
export function CategoriesScreen() {
  const listed = useListedCategories();
  const rows = listed?.rows;
  // A new device's first pull shows "Loading categories…", not "No categories yet." then the pulled rows.
  const loading = listLoading(listed, useSyncStatusValue(pullExpected));
  const refused = useRefusedChanges('categories');
  const deleted = usePendingDeletes<CategoryRow>('categories');
  const columns = useMemo(() => categoryColumns(refused ?? NO_REFUSALS), [refused]);
  const nameInput = useRef<HTMLInputElement>(null);
  const list = useSearchedPages(rows, visibleCategories, CATEGORIES_PAGE_SIZE);
  const { search, setSearch, pageRows } = list;

  return (
    <Stack>
      <Title order={1}>Categories</Title>
      <AddCategoryForm rows={rows ?? []} nameInput={nameInput} />
      <SearchBox value={search} onChange={setSearch} />
      {loading ? (
        <Text c="dimmed">Loading categories…</Text>
      ) : (
        <>
          <DataTable
            label="Categories"
            columns={columns}
            rows={pageRows}
            rowKey={(row) => row.localId}
            empty={
              search.trim() ? (
                <NoMatchState title="No category matches the search." what="categories" onShowAll={() => setSearch('')} />
              ) : (
                <EmptyState
                  icon={<CategoryIcon />}
                  title="No categories yet."
                  description="Questions belong to categories: name the first one in the form above and press Add."
                  action={<SecondaryAction onClick={() => nameInput.current?.focus()}>Name the first category</SecondaryAction>}
                />
              )
            }
          />
          <PendingDeletes what="categories" rows={deleted} rowKey={(row) => row.localId} nameOf={(row) => row.name} />
          <SearchedListFooter list={list} pageSize={CATEGORIES_PAGE_SIZE} one="category" many="categories" />
        </>
      )}
    </Stack>
  );
}
