import { forwardRef, type SVGProps } from 'react';
import classes from './Spokes.module.css';

/** The spokes' opacities, the leading spoke (at the top) first, then the ones behind it anticlockwise. */
const SPOKE_OPACITIES = [1, 0.88, 0.76, 0.64, 0.52, 0.4, 0.3, 0.2];

/**
 * The portal's spinner (Spokes.module.css): eight spokes in a 36-unit square, the brightest leading as it turns.
 * Give it a role and a name where it stands for a loading state (`role="status" aria-label="Loading"`).
 */
export const Spokes = forwardRef<SVGSVGElement, SVGProps<SVGSVGElement>>(function Spokes({ className, ...svg }, ref) {
  return (
    <svg ref={ref} viewBox="0 0 36 36" className={className ? `${classes.spokes} ${className}` : classes.spokes} {...svg}>
      {SPOKE_OPACITIES.map((opacity, index) => (
        <path key={index} d="M18 3v6" opacity={opacity} transform={`rotate(${-45 * index} 18 18)`} />
      ))}
    </svg>
  );
});

/**
 * The spinner as Mantine's Loader draws it (the theme makes it every Loader's type, Buttons' loading state included):
 * Loader hands it its root class, which sets the size and colour variables, and the accessible name it was given.
 */
export const SpokesLoader = forwardRef<SVGSVGElement, SVGProps<SVGSVGElement>>(function SpokesLoader({ className, ...svg }, ref) {
  return <Spokes ref={ref} className={className ? `${classes.loader} ${className}` : classes.loader} {...svg} />;
});
