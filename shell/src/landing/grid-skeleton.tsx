/**
 * Four product-card shapes: busy while the Hot Sellers products load; before the section nears the
 * screen nothing is loading yet, so the shapes are only the space the products will take.
 */
export function GridSkeleton({ loading = true }: { loading?: boolean }) {
  return (
    <ul
      className="grid grid-cols-2 gap-4 lg:grid-cols-4"
      aria-busy={loading ? 'true' : undefined}
      aria-hidden={loading ? undefined : 'true'}
    >
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="h-64 animate-pulse rounded-xl bg-stone-100" />
      ))}
    </ul>
  );
}
