import {
  createTheme,
  DEFAULT_THEME,
  type ActionIconProps,
  type AlertProps,
  type BadgeProps,
  type ButtonProps,
  type CardProps,
  type CSSVariablesResolver,
  type LoaderProps,
  type MantineThemeComponent,
  type ModalProps,
  type PaperProps,
  type PopoverProps,
  type TableProps,
  type ThemeIconProps,
  type TitleProps,
} from '@mantine/core';
import { SpokesLoader } from '../ui/Spokes';

// Blue shade 8 (not Mantine's default 6) so white text on filled buttons and links on white reach
// WCAG AA (4.5:1); in the dark scheme links use shade 4 on the dark body, which also passes. Filled
// buttons of every colour use this shade too, so the red of destructive actions passes as well.
export const PRIMARY_SHADE = 8;

/** One corner radius for buttons, inputs, cards, dialogs and badges, so no screen sets its own. */
export const DEFAULT_RADIUS = 'md';

/**
 * A component's theme defaults, typed by its props. What Mantine's `Button.extend({...})` gives, without importing
 * the components themselves: `extend` is an identity function, but naming Modal, Popover or Table here put them
 * (with floating-ui, the scroll lock and the focus trap) into the first bundle of /login.
 */
const defaults = <Props>(defaultProps: Partial<Props>): MantineThemeComponent => ({ defaultProps });

/**
 * The portal's one theme: one primary colour, one radius, and component defaults so that
 * screens carry no styling of their own. Button sizes stay Mantine's `sm`, raised to 44 px touch targets
 * in touch-targets.css; the action styles (primary, secondary, destructive) live in src/portal/ui/actions.tsx.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  fontFamily: DEFAULT_THEME.fontFamily,
  cursorType: 'pointer',
  defaultRadius: DEFAULT_RADIUS,
  headings: { fontWeight: '700' },
  components: {
    Button: defaults<ButtonProps>({ radius: DEFAULT_RADIUS }),
    // Icon buttons are quiet by default (copy link, navigation); the few that need weight say so.
    ActionIcon: defaults<ActionIconProps>({ variant: 'subtle', radius: DEFAULT_RADIUS }),
    Badge: defaults<BadgeProps>({ variant: 'light', radius: 'sm', tt: 'none' }),
    Paper: defaults<PaperProps>({ withBorder: true, radius: DEFAULT_RADIUS }),
    Card: defaults<CardProps>({ withBorder: true, radius: DEFAULT_RADIUS, padding: 'md' }),
    Alert: defaults<AlertProps>({ radius: DEFAULT_RADIUS, variant: 'light' }),
    Modal: defaults<ModalProps>({ radius: DEFAULT_RADIUS }),
    Popover: defaults<PopoverProps>({ radius: DEFAULT_RADIUS, shadow: 'md' }),
    ThemeIcon: defaults<ThemeIconProps>({ variant: 'light', radius: DEFAULT_RADIUS }),
    Table: defaults<TableProps>({ verticalSpacing: 'xs' }),
    Title: defaults<TitleProps>({ textWrap: 'balance' }),
    // The portal's one spinner (ui/Spokes.tsx), in every Loader and every Button's loading state; the only type there
    // is (Mantine's own loaders are not named, which would pull their module into the first bundle for nothing).
    Loader: defaults<LoaderProps>({ loaders: { spokes: SpokesLoader }, type: 'spokes' }),
  },
});

/**
 * Error and dimmed text in shades that reach AA on the page background: Mantine's defaults
 * (red 6 / gray 6 on white, red 8 / dark 2 on dark 7) fall short of 4.5:1.
 */
export const READABLE_TEXT_SHADES = {
  light: { error: 'red.9', dimmed: 'gray.7' },
  dark: { error: 'red.4', dimmed: 'dark.1' },
} as const;

const cssVar = (shade: string) => `var(--mantine-color-${shade.replace('.', '-')})`;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': cssVar(READABLE_TEXT_SHADES.light.error),
    '--mantine-color-dimmed': cssVar(READABLE_TEXT_SHADES.light.dimmed),
  },
  dark: {
    '--mantine-color-error': cssVar(READABLE_TEXT_SHADES.dark.error),
    '--mantine-color-dimmed': cssVar(READABLE_TEXT_SHADES.dark.dimmed),
  },
});
