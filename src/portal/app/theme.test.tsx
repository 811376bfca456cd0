import { Button, DEFAULT_THEME, Loader, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { contrastRatio } from '../../lib/color-contrast';
import { cssVariablesResolver, DEFAULT_RADIUS, PRIMARY_SHADE, READABLE_TEXT_SHADES, theme } from './theme';

const AA = 4.5;
const WHITE = '#ffffff';
const DARK_BODY = DEFAULT_THEME.colors.dark[7] ?? '';
const primary = DEFAULT_THEME.colors[theme.primaryColor ?? 'blue'];

function colour(shade: string): string {
  const [name = '', index = '0'] = shade.split('.');
  return DEFAULT_THEME.colors[name]?.[Number(index)] ?? '';
}

describe('theme colours', () => {
  it('gives white text on filled buttons AA contrast in both schemes', () => {
    expect(theme.primaryShade).toEqual({ light: PRIMARY_SHADE, dark: PRIMARY_SHADE });
    expect(contrastRatio(WHITE, primary?.[PRIMARY_SHADE] ?? '')).toBeGreaterThanOrEqual(AA);
  });

  it('gives links AA contrast on white and on the dark body', () => {
    expect(contrastRatio(primary?.[PRIMARY_SHADE] ?? '', WHITE)).toBeGreaterThanOrEqual(AA);
    // Mantine colours dark-scheme links with shade 4 of the primary colour on dark[7].
    expect(contrastRatio(primary?.[4] ?? '', DARK_BODY)).toBeGreaterThanOrEqual(AA);
  });

  it('gives error and dimmed text AA contrast in both schemes', () => {
    for (const shade of Object.values(READABLE_TEXT_SHADES.light)) {
      expect(contrastRatio(colour(shade), WHITE), shade).toBeGreaterThanOrEqual(AA);
    }
    for (const shade of Object.values(READABLE_TEXT_SHADES.dark)) {
      expect(contrastRatio(colour(shade), DARK_BODY), shade).toBeGreaterThanOrEqual(AA);
    }
    const resolved = cssVariablesResolver(DEFAULT_THEME);
    expect(resolved.light['--mantine-color-error']).toBe('var(--mantine-color-red-9)');
    expect(resolved.dark['--mantine-color-dimmed']).toBe('var(--mantine-color-dark-1)');
  });
});

describe('theme defaults', () => {
  it('gives every screen one radius and bordered cards, so screens set no look of their own', () => {
    expect(theme.defaultRadius).toBe(DEFAULT_RADIUS);
    const defaults = (name: string) => (theme.components?.[name]?.defaultProps ?? {}) as Record<string, unknown>;
    expect(defaults('Button').radius).toBe(DEFAULT_RADIUS);
    expect(defaults('Paper')).toMatchObject({ withBorder: true, radius: DEFAULT_RADIUS });
    expect(defaults('Card')).toMatchObject({ withBorder: true, radius: DEFAULT_RADIUS });
    expect(defaults('Badge')).toMatchObject({ variant: 'light', tt: 'none' });
    expect(defaults('ActionIcon')).toMatchObject({ variant: 'subtle' });
  });

  it("draws every Loader (a Button's loading state too) as the portal's stepped spinner, with its name", () => {
    render(
      <MantineProvider theme={theme}>
        <Loader size="xs" role="status" aria-label="Syncing" />
        <Button loading>Save</Button>
      </MantineProvider>,
    );
    const syncing = screen.getByRole('status', { name: 'Syncing' });
    expect(syncing.tagName.toLowerCase()).toBe('svg');
    expect(syncing).toHaveClass('mantine-Loader-root');
    expect(syncing.querySelectorAll('path')).toHaveLength(8);
    const buttonLoader = screen.getByRole('button', { name: 'Save' }).querySelector('.mantine-Loader-root');
    expect(buttonLoader?.tagName.toLowerCase()).toBe('svg');
  });
});

describe('theme imports', () => {
  it('names no Mantine component as a value, so the theme pulls none into the first bundle of /login', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(`${import.meta.dirname}/theme.ts`, 'utf8');
    const mantineImport = /import \{([^}]*)\} from '@mantine\/core'/.exec(source)?.[1] ?? '';
    const values = mantineImport
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '));
    expect(values.sort()).toEqual(['DEFAULT_THEME', 'createTheme']);
  });
});
