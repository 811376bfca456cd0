import { Button, createPolymorphicComponent, type ButtonProps } from '@mantine/core';
import type { Ref } from 'react';

/**
 * The three kinds of action and how each looks, on every screen:
 * - primary: the one thing the screen is for (Save, Add, Create Poll), filled in the primary colour;
 * - secondary: the ways out and the side roads (Cancel, Import, Export), the default outlined button;
 * - destructive: deletes, resets and discards, red. Filled where it does the deed after a confirmation, light in
 *   a row or a toolbar (which then asks, or acts on one row only), so a page of rows is not a wall of red.
 * Screens use the components below instead of setting `variant` and `color` themselves.
 */
export const ACTION_STYLES = {
  primary: { variant: 'filled' },
  secondary: { variant: 'default' },
  destructive: { variant: 'filled', color: 'red' },
  destructiveTrigger: { variant: 'light', color: 'red' },
} as const satisfies Record<string, Pick<ButtonProps, 'variant' | 'color'>>;

export type ActionKind = keyof typeof ACTION_STYLES;

/** A button's props without its look: the kind of action decides variant and colour. */
export type ActionProps = Omit<ButtonProps, 'variant' | 'color'> & { ref?: Ref<HTMLButtonElement> };

function actionButton(kind: ActionKind, displayName: string) {
  function Action(props: ActionProps) {
    return <Button {...ACTION_STYLES[kind]} {...props} />;
  }
  Action.displayName = displayName;
  // Polymorphic like Mantine's Button, so a link that looks like an action keeps its role (component={Link}).
  return createPolymorphicComponent<'button', ActionProps>(Action);
}

export const PrimaryAction = actionButton('primary', 'PrimaryAction');
export const SecondaryAction = actionButton('secondary', 'SecondaryAction');
/** Does the deletion or reset: the confirm button of a confirmation. */
export const DestructiveAction = actionButton('destructive', 'DestructiveAction');
/** A deletion, reset or discard in a row or a toolbar: Delete Selected, Reset Attempts, a row's Delete or Discard. */
export const DestructiveTrigger = actionButton('destructiveTrigger', 'DestructiveTrigger');
