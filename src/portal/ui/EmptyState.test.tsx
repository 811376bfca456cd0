import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Link } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PrimaryAction, SecondaryAction } from './actions';
import { DataTable } from './DataTable';
import { EmptyState, NextStepLink } from './EmptyState';
import { SearchIcon } from './icons';

describe('EmptyState', () => {
  it('says what is empty, what to do next, and offers the button that does it', async () => {
    const onClear = vi.fn();
    render(
      <MantineProvider>
        <EmptyState
          icon={<SearchIcon />}
          title="No category matches the search."
          description="Try another word, or show the whole list."
          action={<SecondaryAction onClick={onClear}>Show all categories</SecondaryAction>}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('No category matches the search.')).toBeInTheDocument();
    expect(screen.getByText('Try another word, or show the whole list.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all categories' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('keeps its icon out of the accessibility tree: the title names the state', () => {
    const { container } = render(
      <MantineProvider>
        <EmptyState icon={<SearchIcon />} title="No polls yet." />
      </MantineProvider>,
    );
    const svg = container.querySelector('svg');
    expect(svg?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('takes a link as its action, which keeps the role of a link', () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <EmptyState
            title="No quizzes yet."
            action={
              <PrimaryAction component={Link} to="/add-quiz">
                Create the first quiz
              </PrimaryAction>
            }
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('link', { name: 'Create the first quiz' })).toHaveAttribute('href', '/add-quiz');
  });
});

describe('DataTable without rows', () => {
  const columns = [{ header: 'Name', cell: (row: { id: string }) => row.id }];

  it('shows a plain title as an empty state in the table', () => {
    render(
      <MantineProvider>
        <DataTable label="Items" columns={columns} rows={[]} rowKey={(row) => row.id} empty="No items yet." />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Items' });
    expect(within(table).getByText('No items yet.')).toBeInTheDocument();
  });

  it('shows a whole empty state, with its button, inside the table', () => {
    render(
      <MantineProvider>
        <DataTable
          label="Items"
          columns={columns}
          rows={[]}
          rowKey={(row) => row.id}
          empty={<EmptyState title="No items yet." action={<PrimaryAction>Make one</PrimaryAction>} />}
        />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Items' });
    expect(within(table).getByRole('button', { name: 'Make one' })).toBeInTheDocument();
  });
});

describe('NextStepLink', () => {
  it('is a link to the next step, named by its words', () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <EmptyState title="No polls yet." action={<NextStepLink to="/add-poll">Create the first poll</NextStepLink>} />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('link', { name: 'Create the first poll' })).toHaveAttribute('href', '/add-poll');
  });
});
