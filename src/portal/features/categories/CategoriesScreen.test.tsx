import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type * as Categories from '../../store/categories';
import { LocalStorageFullError } from '../../store/mirror';
import { categoriesMirror, deleteCategory } from '../../store/categories';
import { questionsMirror } from '../../store/questions';
import { clearTables, markPulled, putRows, queuedChangeCount, refuseQueuedChanges } from '../../store/testing';
import { categoryInUseMessage } from '../../../lib/contract/category';
import { CategoriesScreen } from './CategoriesScreen';

const diskFull = vi.hoisted(() => ({ now: false }));
vi.mock('../../store/categories', async (importOriginal) => {
  const original = await importOriginal<typeof Categories>();
  return {
    ...original,
    createCategory: (...args: Parameters<typeof original.createCategory>) => {
      if (diskFull.now) return Promise.reject(new LocalStorageFullError());
      return original.createCategory(...args);
    },
  };
});

function renderScreen() {
  return render(
    <MantineProvider>
      <Notifications />
      <MemoryRouter>
        <CategoriesScreen />
      </MemoryRouter>
    </MantineProvider>,
  );
}

beforeEach(async () => {
  diskFull.now = false;
  await clearTables('categories', 'outbox', 'syncMeta');
  // A device that has synced the categories once (below, one that has not).
  await markPulled('categories');
});

it('on a device that never pulled the categories, says it is loading until the first pull is done', async () => {
  await clearTables('syncMeta');
  renderScreen();
  expect(await screen.findByText('Loading categories…')).toBeInTheDocument();
  // Time for the mirror's (empty) answer to arrive: the list still waits for the pull.
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  expect(screen.queryByText('No categories yet.')).not.toBeInTheDocument();
  await act(() => markPulled('categories'));
  expect(await screen.findByText('No categories yet.')).toBeInTheDocument();
  expect(screen.queryByText('Loading categories…')).not.toBeInTheDocument();
});

it('adds a category to the mirror and the outbox, marked as waiting to sync', async () => {
  renderScreen();
  const form = screen.getByRole('form', { name: 'Add category' });
  await userEvent.type(within(form).getByLabelText(/Name/), 'Music');
  await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
  const table = screen.getByRole('table', { name: 'Categories' });
  expect(await within(table).findByText('Music')).toBeInTheDocument();
  expect(within(table).getByText('Waiting to sync')).toBeInTheDocument();
  expect(await queuedChangeCount()).toBe(1);
  expect(within(form).getByLabelText(/Name/)).toHaveValue('');
  // A short confirmation.
  expect(await screen.findByRole('status')).toHaveTextContent('Category added');
});

it('ignores an empty name with a message under the field', async () => {
  renderScreen();
  const form = screen.getByRole('form', { name: 'Add category' });
  await userEvent.type(within(form).getByLabelText(/Name/), '   ');
  await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
  expect(await within(form).findByText('This field may not be blank.')).toBeInTheDocument();
  expect(await queuedChangeCount()).toBe(0);
});

it('says so when the device is full, and keeps what was typed', async () => {
  diskFull.now = true;
  renderScreen();
  const form = screen.getByRole('form', { name: 'Add category' });
  await userEvent.type(within(form).getByLabelText(/Name/), 'Kept');
  await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
  expect(await screen.findByText('Not saved: this device is full')).toBeInTheDocument();
  expect(within(form).getByLabelText(/Name/)).toHaveValue('Kept');
});

describe('deleting a category', () => {
  const science = { localId: 's-7', serverId: 7, syncState: 'synced' as const, serverCopy: null, name: 'Science' };
  const question = {
    localId: 's-70',
    serverId: 70,
    syncState: 'synced' as const,
    serverCopy: null,
    description: 'Who discovered penicillin?',
    correct_option: 'A',
    category: 7,
  };

  beforeEach(async () => {
    await clearTables('questions');
    await putRows(categoriesMirror, science);
    await putRows(questionsMirror, question);
  });

  it('offline, lists the deleted row as waiting to sync until the delete is sent', async () => {
    await deleteCategory('s-7');
    renderScreen();
    const deleted = await screen.findByRole('region', { name: 'Deleted categories waiting to sync' });
    expect(within(deleted).getByText('Science')).toBeInTheDocument();
    expect(within(deleted).getByText('Waiting to sync')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Categories' })).queryByText('Science')).not.toBeInTheDocument();
  });

  it('refused by the server, the row is in the table with the reason and the questions that use it', async () => {
    await deleteCategory('s-7');
    await refuseQueuedChanges(categoryInUseMessage(1));
    await putRows(categoriesMirror, { ...science, syncState: 'failed' });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Categories' });
    expect(await within(table).findByText(`Not deleted: ${categoryInUseMessage(1)}`)).toBeInTheDocument();
    // The questions are read once a refused delete is shown (not on every start of the screen).
    expect(await within(table).findByText('Used by: Who discovered penicillin?.')).toBeInTheDocument();
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Deleted categories waiting to sync' })).not.toBeInTheDocument();
  });
});

describe('empty states', () => {
  it('without categories, says what to do next and its button puts the cursor in the Name field', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Categories' });
    expect(await within(table).findByText('No categories yet.')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Name the first category' }));
    const form = screen.getByRole('form', { name: 'Add category' });
    expect(within(form).getByLabelText(/Name/)).toHaveFocus();
  });

  it('a search with no match offers the whole list back', async () => {
    await putRows(categoriesMirror, { localId: 's-8', serverId: 8, syncState: 'synced' as const, serverCopy: null, name: 'Music' });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Categories' });
    expect(await within(table).findByText('Music')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await within(table).findByText('No category matches the search.')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Show all categories' }));
    expect(await within(table).findByText('Music')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });
});
