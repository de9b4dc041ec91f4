import { Link } from 'react-router-dom';

export function LandingPage() {
  return (
    <main className="min-h-screen bg-gradient-to-b from-brand-50 to-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between p-4">
        <span className="text-xl font-bold text-brand-700">ShambaSoko</span>
        <nav className="flex gap-2">
          <Link to="/auth/sign-in" className="min-h-10 rounded-lg px-4 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100">Sign In</Link>
          <Link to="/auth/create-account" className="min-h-10 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">Get Started</Link>
        </nav>
      </header>
      <section className="mx-auto max-w-6xl px-4 py-20">
        <h1 className="max-w-2xl text-4xl font-bold tracking-tight text-stone-900 sm:text-5xl">Manage your farm. Reach your market.</h1>
        <p className="mt-4 max-w-xl text-lg text-stone-700">Plan seasons, track costs and sell your harvest to buyers across Kenya's 47 counties.</p>
        <Link to="/market" className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-medium text-white hover:bg-brand-700">Visit Marketplace</Link>
      </section>
    </main>
  );
}
