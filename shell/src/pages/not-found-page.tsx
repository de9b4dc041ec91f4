import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center p-6 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold text-stone-900">Page not found</h1>
      <p className="mt-2 text-stone-600">
        We could not find the page you were looking for. It may have moved, or the address may be mistyped.
      </p>
      <div className="mt-6 flex gap-3">
        <Link
          to="/"
          className="inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
        >
          Back to Home
        </Link>
        <Link
          to="/market"
          className="inline-flex min-h-10 items-center rounded-lg border border-stone-300 px-4 text-sm font-medium text-stone-800 hover:bg-stone-100"
        >
          Visit Marketplace
        </Link>
      </div>
    </main>
  );
}
