import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { categoryInUseMessage } from '../../../lib/contract/category';
import { categoriesMirror } from '../../store/categories';
import { questionsMirror } from '../../store/questions';
import { clearTables, putRows, queuedChangeCount } from '../../store/testing';
import { DeleteCategoryScreen } from './DeleteCategoryScreen';

const base = { syncState: 'synced' as const, serverCopy: null };

function renderScreen() {
  return render(
    <MantineProvider>
      <Notifications />
      <MemoryRouter initialEntries={['/add-category/7/delete']}>
        <Routes>
          <Route path="/add-category/:id/delete" element={<DeleteCategoryScreen />} />
          <Route path="/add-category" element={<p>Categories list</p>} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

beforeEach(async () => {
  await clearTables('categories', 'questions', 'outbox');
  await putRows(categoriesMirror, { ...base, localId: 's-7', serverId: 7, name: 'Science' });
});

it('a category questions use is not deleted: the screen says why and which questions, and nothing is queued', async () => {
  await putRows(questionsMirror, { ...base, localId: 's-70', serverId: 70, description: 'Who?', correct_option: 'A', category: 7 });
  renderScreen();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(categoryInUseMessage(1));
  expect(alert).toHaveTextContent('Used by: Who?.');
  expect(await queuedChangeCount()).toBe(0);
  expect(screen.queryByText('Categories list')).not.toBeInTheDocument();
});

it('an unused category is deleted and the list opens', async () => {
  renderScreen();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Categories list')).toBeInTheDocument();
  expect(await queuedChangeCount()).toBe(1);
  expect(await screen.findByText('Category deleted')).toBeInTheDocument();
});
