/** The small count on a header icon (cart items, unread notifications); nothing at zero. */
export function CountBadge({ count, className, testId }: { count: number; className: string; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span aria-hidden="true" data-testid={testId} className={className}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
