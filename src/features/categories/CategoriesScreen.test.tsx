import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type * as Categories from '../../store/categories';
import { LocalStorageFullError } from '../../store/mirror';
import { clearTables, queuedChangeCount } from '../../store/testing';
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
  await clearTables('categories', 'outbox');
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
