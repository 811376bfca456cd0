import { contrastRatio } from './color-contrast';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1971c2', '#1971c2')).toBeCloseTo(1, 5);
  });

  it('matches known WCAG figures in either order', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ffffff', '#228be6')).toBeCloseTo(3.55, 1);
  });
});
