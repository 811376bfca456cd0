// The stage's text fits its panel: the largest scale, from 1 down to a floor, at which the panel's content
// does not overflow. Pure (the measuring is passed in) so the search is tested without a browser.

export interface FitRange {
  /** The smallest scale tried; below it the content is left as it is at this scale. */
  min: number;
  /** How close to the best scale the search gets. */
  precision: number;
}

export const STAGE_FIT: FitRange = { min: 0.4, precision: 0.02 };

/**
 * The largest scale in [min, 1] at which `fits(scale)` holds (fitting is assumed to only get easier as the scale
 * goes down), found by halving the range: a few layouts rather than one per step. `min` when nothing fits.
 */
export function fitScale(fits: (scale: number) => boolean, { min, precision }: FitRange = STAGE_FIT): number {
  if (fits(1)) return 1;
  let low = min;
  let high = 1;
  while (high - low > precision) {
    const middle = (low + high) / 2;
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}
