import { screen } from '@testing-library/react';
import { renderPage } from '@shambasoko/shared/testing';
import { BudgetDonut } from './budget-donut';

// The ring is one image for assistive technology, named by its share of the plan. Its element must allow
// the img role: a <figure> does not (Lighthouse's aria-allowed-role cost /dashboard its accessibility score).
test('the ring is an image named by the share used, on an element that may take that role', () => {
  renderPage(<BudgetDonut total={20_000} spent={4_500} />);
  const ring = screen.getByRole('img', { name: /22\.5%/ });
  expect(ring.tagName).not.toBe('FIGURE');
});
