import type { SkeletonShape } from '@shambasoko/shared/ui';

/**
 * The content's shape while a page loads: the two busiest starts, the market and the dashboard, get
 * theirs; others list rows. The shell's server paints the same frame before this code has run
 * (scripts/page-frame.mjs, held equal by first-frame.test.tsx).
 */
export const shapeAt = (pathname: string): SkeletonShape =>
  pathname === '/market' ? 'grid' : pathname === '/dashboard' ? 'cards' : 'rows';
