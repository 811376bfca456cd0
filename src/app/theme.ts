import { createTheme, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';

// Blue shade 8 (not Mantine's default 6) so white text on filled buttons and links on white reach
// WCAG AA (4.5:1); in the dark scheme links use shade 4 on the dark body, which also passes.
export const PRIMARY_SHADE = 8;

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  fontFamily: DEFAULT_THEME.fontFamily,
  cursorType: 'pointer',
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
