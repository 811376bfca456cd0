import { CloseButton, TextInput } from '@mantine/core';
import { memo } from 'react';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/**
 * The "Search" box of every list; clearing it (button or emptying it) restores the full list (docs/decisions.md "Spec defects fixed").
 * Memoised: a list renders again on every sync or live change, the box only when its value does.
 */
export const SearchBox = memo(function SearchBox({ value, onChange, placeholder = 'Search' }: SearchBoxProps) {
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
});
