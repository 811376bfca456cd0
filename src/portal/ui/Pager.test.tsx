import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountedListFooter, SearchedListFooter } from './Pager';

describe('CountedListFooter', () => {
  it('names its pager after the records and counts them beside it', () => {
    render(
      <MantineProvider>
        <CountedListFooter page={1} total={12} pageSize={10} onChange={() => {}} one="category" many="categories" />
      </MantineProvider>,
    );
    expect(screen.getByRole('navigation', { name: 'Categories pages' })).toBeInTheDocument();
    expect(screen.getByText('12 categories')).toBeInTheDocument();
  });

  it('counts one record in the singular', () => {
    render(
      <MantineProvider>
        <CountedListFooter page={1} total={1} pageSize={10} onChange={() => {}} one="poll" many="polls" />
      </MantineProvider>,
    );
    expect(screen.getByRole('navigation', { name: 'Polls pages' })).toBeInTheDocument();
    expect(screen.getByText('1 poll')).toBeInTheDocument();
  });

  it('reads the page and the count from a searched list', () => {
    const list = { page: 2, setPage: () => {}, visible: Array.from({ length: 25 }, (_, i) => i) };
    render(
      <MantineProvider>
        <SearchedListFooter list={list} pageSize={10} one="quiz" many="quizzes" />
      </MantineProvider>,
    );
    expect(screen.getByRole('navigation', { name: 'Quizzes pages' })).toBeInTheDocument();
    expect(screen.getByText('25 quizzes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /2/, current: 'page' })).toBeInTheDocument();
  });
});
