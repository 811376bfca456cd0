import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useQuizzes } from '../store/quizzes';

interface QuizOption {
  value: string;
  label: string;
}

/** The quizzes the server knows (a quiz still waiting to sync has no attempts yet), by name, from the mirror. */
function useQuizOptions(): QuizOption[] {
  const rows = useQuizzes();
  return useMemo(
    () =>
      (rows ?? [])
        .filter((row): row is typeof row & { serverId: number } => row.serverId !== null)
        .map((row) => ({ value: String(row.serverId), label: row.name ?? `Quiz ${row.serverId}` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [rows],
  );
}

const ALL = 'all';

/**
 * The quiz filter of the report screens: "All quizzes" or one quiz (its server id). "All quizzes" is an
 * option rather than Mantine's clear button, which is hidden from screen readers.
 */
export function QuizFilterSelect({ value, onChange }: { value: number | null; onChange: (quiz: number | null) => void }) {
  const options = useQuizOptions();
  return (
    <Select
      label="Quiz"
      data={[{ value: ALL, label: 'All quizzes' }, ...options]}
      value={value === null ? ALL : String(value)}
      onChange={(selected) => onChange(selected && selected !== ALL ? Number(selected) : null)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No quiz of that name"
      maw={320}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
