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
      {/* A card's shape (a square photo, then its name, price and place): nothing moves when the products come. */}
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="animate-pulse overflow-hidden rounded-xl border border-stone-200 bg-stone-100">
          <div className="aspect-square" />
          <div className="h-27 bg-white" />
        </li>
      ))}
    </ul>
  );
}
