import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACTION_STYLES, DestructiveAction, DestructiveTrigger, PrimaryAction, SecondaryAction } from './actions';

describe('actions', () => {
  it('gives each kind of action one look: primary filled, secondary default, destructive red', () => {
    render(
      <MantineProvider>
        <PrimaryAction>Save</PrimaryAction>
        <SecondaryAction>Cancel</SecondaryAction>
        <DestructiveAction>Delete</DestructiveAction>
        <DestructiveTrigger>Reset Attempts</DestructiveTrigger>
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('data-variant', 'filled');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('data-variant', 'default');
    const destructive = screen.getByRole('button', { name: 'Delete' });
    expect(destructive).toHaveAttribute('data-variant', 'filled');
    expect(destructive.style.getPropertyValue('--button-bg')).toContain('red');
    const trigger = screen.getByRole('button', { name: 'Reset Attempts' });
    expect(trigger).toHaveAttribute('data-variant', 'light');
    expect(trigger.style.getPropertyValue('--button-color')).toContain('red');
  });

  it('keeps the styles in one table, red only for destructive actions', () => {
    const red = Object.entries(ACTION_STYLES)
      .filter(([, style]) => 'color' in style && style.color === 'red')
      .map(([kind]) => kind);
    expect(red).toEqual(['destructive', 'destructiveTrigger']);
  });
});
