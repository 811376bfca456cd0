import { DEFAULT_THEME } from '@mantine/core';
import { contrastRatio } from '../lib/color-contrast';
import { PRIMARY_SHADE, theme } from './theme';

const AA = 4.5;
const primary = DEFAULT_THEME.colors[theme.primaryColor ?? 'blue'];

describe('theme colours', () => {
  it('gives white text on filled buttons AA contrast in both schemes', () => {
    expect(theme.primaryShade).toEqual({ light: PRIMARY_SHADE, dark: PRIMARY_SHADE });
    expect(contrastRatio('#ffffff', primary?.[PRIMARY_SHADE] ?? '')).toBeGreaterThanOrEqual(AA);
  });

  it('gives links AA contrast on white and on the dark body', () => {
    expect(contrastRatio(primary?.[PRIMARY_SHADE] ?? '', '#ffffff')).toBeGreaterThanOrEqual(AA);
    // Mantine colours dark-scheme links with shade 4 of the primary colour on dark[7].
    expect(contrastRatio(primary?.[4] ?? '', DEFAULT_THEME.colors.dark[7] ?? '')).toBeGreaterThanOrEqual(AA);
  });
});
