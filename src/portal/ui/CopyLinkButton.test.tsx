import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COPY_CONFIRMATION_MS, CopyLinkButton } from './CopyLinkButton';

describe('CopyLinkButton', () => {
  it('mounts no tooltip until a copy, then says "Copied" for one second while the button keeps the focus', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(
      // Transitions off (Mantine's test environment): jsdom runs no CSS transitions.
      <MantineProvider env="test">
        <CopyLinkButton link="https://viewer.example/abc" label="Copy viewer link of Quiz" />
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { name: 'Copy viewer link of Quiz' });
    await user.hover(button);
    expect(screen.queryByRole('tooltip', { hidden: true })).not.toBeInTheDocument();

    await user.click(button);
    expect(writeText).toHaveBeenCalledWith('https://viewer.example/abc');
    // jsdom lays nothing out, so the tooltip hides itself as if its button were off screen; the e2e specs see it.
    expect(await screen.findByRole('tooltip', { hidden: true })).toHaveTextContent('Copied');
    expect(screen.getByRole('status')).toHaveTextContent('Link copied');
    expect(button).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Copy viewer link of Quiz' })).toBe(button);

    await act(() => new Promise((resolve) => setTimeout(resolve, COPY_CONFIRMATION_MS + 300)));
    expect(screen.queryByRole('tooltip', { hidden: true })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
