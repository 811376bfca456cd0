import { CloseButton, TextInput } from '@mantine/core';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/** The "Search" box of every list; clearing it (button or emptying it) restores the full list (decisions §1). */
export function SearchBox({ value, onChange, placeholder = 'Search' }: SearchBoxProps) {
  return (
    <TextInput
      type="search"
      label="Search"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={value ? <CloseButton aria-label="Clear search" onClick={() => onChange('')} /> : null}
      maw={420}
    />
  );
}
