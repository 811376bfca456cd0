import { Alert, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { parseQuestionCsv, QUESTION_CSV_COLUMNS, type CsvImport, type CsvRow } from '../../../lib/question-csv';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { notifyError, showNotice } from '../../ui/notify';
import { newCategoryNames, importQuestions } from './question-import';
import type { CategoryChoice } from './question-rows';
import { PrimaryAction, SecondaryAction } from '../../ui/actions';

/** Rows listed in the preview: those with problems first, so none hides below the fold. */
const PREVIEW_ROWS = 100;

const columns: DataTableColumn<CsvRow>[] = [
  { header: 'Line', cell: (row) => row.line, shrink: true },
  { header: 'Category', cell: (row) => row.category },
  { header: 'Description', cell: (row) => row.description },
  { header: 'Correct Option', cell: (row) => row.correctOption, shrink: true },
  {
    header: 'Problems',
    cell: (row) =>
      row.errors.length === 0 ? (
        'Ready'
      ) : (
        <Text c="red" size="sm">
          {row.errors.join(' ')}
        </Text>
      ),
  },
];

interface ImportQuestionsDialogProps {
  opened: boolean;
  onClose: () => void;
  categories: readonly CategoryChoice[];
}

/** Import from CSV: choose a file, read the preview with each row's problems, then confirm (nothing is saved before). */
export function ImportQuestionsDialog({ opened, onClose, categories }: ImportQuestionsDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<CsvImport | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setFile(null);
    setParsed(null);
    onClose();
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setParsed(chosen ? parseQuestionCsv(await chosen.text()) : null);
  };

  const rows = parsed?.rows ?? [];
  const ready = rows.filter((row) => row.errors.length === 0);
  const refused = rows.length - ready.length;
  const newCategories = newCategoryNames(ready, categories);
  const preview = [...rows].sort((a, b) => Number(b.errors.length > 0) - Number(a.errors.length > 0)).slice(0, PREVIEW_ROWS);

  const confirm = async () => {
    setSaving(true);
    try {
      const count = await importQuestions(rows);
      showNotice({ color: 'green', title: 'Questions imported', message: `${count} ${count === 1 ? 'question' : 'questions'} added.` });
      close();
    } catch (error) {
      notifyError(error, 'The questions could not be imported');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Import questions from CSV" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm">Columns: {QUESTION_CSV_COLUMNS.join(', ')}. Nothing is saved until you confirm.</Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear file' }}
        />
        {parsed && parsed.fileErrors.length > 0 && (
          <Alert color="red" title="This file cannot be imported" role="alert">
            {parsed.fileErrors.join(' ')}
          </Alert>
        )}
        {parsed && parsed.fileErrors.length === 0 && (
          <>
            <Text role="status">
              {ready.length} {ready.length === 1 ? 'question' : 'questions'} ready to import
              {refused > 0 ? `, ${refused} ${refused === 1 ? 'row has' : 'rows have'} problems and will be skipped` : ''}.
            </Text>
            {newCategories.length > 0 && (
              <Stack gap={4}>
                <Text size="sm">These categories will be created:</Text>
                <List size="sm" aria-label="New categories">
                  {newCategories.map((name) => (
                    <List.Item key={name}>{name}</List.Item>
                  ))}
                </List>
              </Stack>
            )}
            <DataTable
              label="Import preview"
              columns={columns}
              rows={preview}
              rowKey={(row) => String(row.line)}
              empty="The file has no rows."
            />
            {rows.length > PREVIEW_ROWS && <Text size="sm">…and {rows.length - PREVIEW_ROWS} more rows.</Text>}
          </>
        )}
        <Group justify="flex-end">
          <SecondaryAction onClick={close}>Cancel</SecondaryAction>
          <PrimaryAction onClick={() => void confirm()} loading={saving} disabled={ready.length === 0}>
            Import {ready.length} {ready.length === 1 ? 'question' : 'questions'}
          </PrimaryAction>
        </Group>
      </Stack>
    </Modal>
  );
}
