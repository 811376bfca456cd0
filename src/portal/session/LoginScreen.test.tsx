import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginScreen } from './LoginScreen';
import { SessionProvider } from './SessionProvider';
import { demoUser, jsonResponse, mockFetch, requestsTo, type Answer } from './test-fetch';

function renderLogin(answer: Answer) {
  const mock = mockFetch(answer);
  render(
    <MantineProvider>
      <SessionProvider>
        <LoginScreen />
      </SessionProvider>
    </MantineProvider>,
  );
  return mock;
}

const LOGIN_PATH = '/api/v1/accounts/login/';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('LoginScreen', () => {
  it('sends nothing and names the missing fields when either is empty', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLogin(() => jsonResponse({ key: 'k' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Email/), 'admin@demo.quiz');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("clears a field's message as soon as that field is edited, and only that field's", async () => {
    const user = userEvent.setup();
    renderLogin(() => jsonResponse({ key: 'k' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(screen.getByLabelText(/^Email/), 'a');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('shows wrong credentials as a dismissible red alert in the portal wording and clears the password', async () => {
    const user = userEvent.setup();
    const { sent } = renderLogin(() => jsonResponse({ non_field_errors: ['Unable to log in with provided credentials.'] }, 400));
    await user.type(screen.getByLabelText(/^Email/), 'admin@demo.quiz');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Email or Password are incorrect');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('admin@demo.quiz');
    const [request] = requestsTo(sent, LOGIN_PATH);
    expect(JSON.parse(request?.body ?? 'null')).toEqual({ email: 'admin@demo.quiz', password: 'wrong' });

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows other failures, such as a rate limit, in the same alert', async () => {
    const user = userEvent.setup();
    renderLogin(() => jsonResponse({ detail: 'Request was throttled. Expected available in 60 seconds.' }, 429));
    await user.type(screen.getByLabelText(/^Email/), 'admin@demo.quiz');
    await user.type(screen.getByLabelText(/^Password/), 'pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Request was throttled.');
  });

  it('stores the returned key on success', async () => {
    const user = userEvent.setup();
    renderLogin((request) => (new URL(request.url).pathname === LOGIN_PATH ? jsonResponse({ key: 'k1' }) : jsonResponse(demoUser)));
    await user.type(screen.getByLabelText(/^Email/), ' admin@demo.quiz ');
    await user.type(screen.getByLabelText(/^Password/), 'demo-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('k1'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
