import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AddNameForm } from './AddNameForm';

function renderForm(save: (name: string) => Promise<unknown>) {
  render(
    <MantineProvider>
      <AddNameForm
        label="Add choice"
        fieldLabel="Choice name"
        buttonLabel="Add Choice"
        maxLength={255}
        nameInput={createRef<HTMLInputElement>()}
        check={(name) => (name.trim() ? { name: name.trim() } : { error: 'This field may not be blank.' })}
        save={save}
        savedMessage="Choice added"
        failedMessage="The choice could not be added"
      />
    </MantineProvider>,
  );
  return screen.getByRole('textbox', { name: /Choice name/ });
}

describe('AddNameForm', () => {
  it('shows what the check refuses under the field and saves nothing', async () => {
    const save = vi.fn(() => Promise.resolve());
    renderForm(save);
    await userEvent.click(screen.getByRole('button', { name: 'Add Choice' }));
    expect(await screen.findByText('This field may not be blank.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves the checked name and empties the field for the next', async () => {
    const save = vi.fn(() => Promise.resolve());
    const field = renderForm(save);
    await userEvent.type(field, '  Red ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Choice' }));
    expect(save).toHaveBeenCalledWith('Red');
    expect(field).toHaveValue('');
  });

  it('keeps the typed name when the save fails', async () => {
    // The failure is logged for the developer; the test needs only the form.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const field = renderForm(() => Promise.reject(new Error('disk full')));
    await userEvent.type(field, 'Red');
    await userEvent.click(screen.getByRole('button', { name: 'Add Choice' }));
    expect(field).toHaveValue('Red');
    expect(screen.getByRole('button', { name: 'Add Choice' })).toBeEnabled();
  });
});
