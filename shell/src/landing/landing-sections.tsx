import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { HotSellers } from './hot-sellers';

const STAKEHOLDERS = [
  { title: 'Farmers', text: 'Plan seasons, track costs per field and sell your harvest straight to buyers.', icon: 'sprout' },
  { title: 'Suppliers', text: 'Reach farmers in every county with seed, fertiliser, feeds and agro-chemicals.', icon: 'box' },
  { title: 'Retailers', text: 'Stock fresh produce from verified farms and keep your shelves full.', icon: 'store' },
  { title: 'Manufacturers', text: 'Source raw materials reliably and see supply before it is harvested.', icon: 'factory' },
  { title: 'Bulk Buyers', text: 'Buy in volume from cooperatives and groups of farms, graded and traceable.', icon: 'truck' },
  { title: 'Service Providers', text: 'Offer ploughing, spraying, veterinary and transport services to farms nearby.', icon: 'tools' },
];

const FEATURES = [
  { title: 'Farm records', text: 'Farms, fields, seasons and crops in one place, on your phone.' },
  { title: 'Budgets and costs', text: 'Plan a budget per category and see what is spent, field by field.' },
  { title: 'Team and roles', text: 'Invite managers, supervisors, workers and accountants with the right access.' },
  { title: 'Marketplace', text: 'Buy inputs and sell produce with clear prices in shillings and delivery options.' },
  { title: 'Activities', text: 'Assign tilling, planting, spraying and harvest, and follow their status.' },
  {
    title: 'Pay with M-Pesa',
    text: 'Approve an M-Pesa prompt with your PIN, pay by card on our partner’s secure page (we never see the number), or by bank transfer.',
  },
];

const STEPS = [
  { title: 'Create your account', text: 'Sign up with your e-mail or Google in under a minute.' },
  { title: 'Add your farm', text: 'Record your farms, fields and the season you are planting.' },
  { title: 'Track and plan', text: 'Log activities and costs, and watch your budget as you go.' },
  { title: 'Buy and sell', text: 'Order inputs and services, and sell your produce across Kenya.' },
];

const TESTIMONIALS = [
  {
    quote: 'I finally know what each acre of maize costs me. Last season I cut my fertiliser spend by a fifth.',
    name: 'Grace Wanjiru',
    role: 'Maize farmer, Nakuru',
  },
  {
    quote: 'My agrovet now gets orders from farmers two counties away, paid before I dispatch.',
    name: 'Peter Otieno',
    role: 'Agro-dealer, Kisumu',
  },
  {
    quote: 'Our cooperative plans the whole season together: fields, workers and money.',
    name: 'Faith Chebet',
    role: 'Cooperative manager, Eldoret',
  },
];

const LEGAL = [
  { label: 'Privacy Policy', to: '/legal/privacy-policy' },
  { label: 'Terms of Use', to: '/legal/terms-of-use' },
  { label: 'Cookie Policy', to: '/legal/cookie-policy' },
  { label: 'Data Policy', to: '/legal/data-policy' },
];

const ICON_PATHS: Record<string, string> = {
  sprout: 'M12 21v-8m0 0c0-4 3-7 7-7 0 4-3 7-7 7zm0 0C12 9 9 6 5 6c0 4 3 7 7 7',
  box: 'M3 7l9-4 9 4-9 4-9-4zm0 0v10l9 4 9-4V7m-9 4v10',
  store: 'M3 9l2-5h14l2 5M3 9h18M3 9v11h18V9M9 20v-6h6v6',
  factory: 'M3 21V10l6 3V10l6 3V6h3l3 15H3zm4-4h2m4 0h2',
  truck: 'M3 6h11v10H3zm11 4h4l3 3v3h-7M7 19a2 2 0 100-4 2 2 0 000 4zm10 0a2 2 0 100-4 2 2 0 000 4',
  tools: 'M14 6a4 4 0 01-5 5L4 16l4 4 5-5a4 4 0 015-5l-3-3 2-2a4 4 0 00-3 1z',
};

function StakeholderIcon({ name }: { name: string }) {
  return (
    <span aria-hidden="true" className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
      <svg
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={ICON_PATHS[name] ?? ''} />
      </svg>
    </span>
  );
}

function SectionHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold text-stone-900">
        {title}
      </h2>
      <p className="mt-3 text-stone-600">{text}</p>
    </div>
  );
}

// Each section below the fold carries `content-visibility: auto`: the browser skips its layout and
// paint until it comes near the viewport (a phone renders the first screen only), with a rough
// size kept so the scroll bar does not jump.

export default function LandingSections() {
  useEffect(() => {
    // The sections render after first paint, so a #section link followed before that (or a shared
    // /#features address) found no target: scroll to it now that it exists.
    const target = window.location.hash.length > 1 ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
    target?.scrollIntoView();
  }, []);

  return (
    <>
      <section
        id="stakeholders"
        aria-labelledby="stakeholders-title"
        className="py-16 [content-visibility:auto] [contain-intrinsic-size:auto_40rem]"
      >
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading
            id="stakeholders-title"
            title="Built for everyone in the value chain"
            text="From the shamba to the shelf, ShambaSoko brings the people of Kenyan agriculture together."
          />
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {STAKEHOLDERS.map((s) => (
              <li key={s.title} className="rounded-xl border border-stone-200 p-6">
                <StakeholderIcon name={s.icon} />
                <h3 className="mt-3 text-lg font-semibold text-stone-900">{s.title}</h3>
                <p className="mt-1 text-sm text-stone-600">{s.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <HotSellers />

      <section
        id="features"
        aria-labelledby="features-title"
        className="py-16 [content-visibility:auto] [contain-intrinsic-size:auto_40rem]"
      >
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading
            id="features-title"
            title="Everything your farm business needs"
            text="Records, money, people and markets: no more notebooks and guesswork."
          />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((f) => (
              <li key={f.title} className="rounded-xl bg-brand-50 p-6">
                <h3 className="text-lg font-semibold text-brand-800">{f.title}</h3>
                <p className="mt-1 text-sm text-stone-700">{f.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="how-it-works"
        aria-labelledby="how-title"
        className="bg-stone-50 py-16 [content-visibility:auto] [contain-intrinsic-size:auto_40rem]"
      >
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="how-title" title="How It Works" text="Four steps from sign-up to your first sale." />
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, i) => (
              <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm">
                <span className="grid size-10 place-items-center rounded-full bg-brand-600 font-bold text-white">{i + 1}</span>
                <h3 className="mt-4 font-semibold text-stone-900">{step.title}</h3>
                <p className="mt-1 text-sm text-stone-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="testimonials-title" className="py-16 [content-visibility:auto] [contain-intrinsic-size:auto_40rem]">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading
            id="testimonials-title"
            title="Farmers trust ShambaSoko"
            text="Voices from farms and businesses using ShambaSoko today."
          />
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {TESTIMONIALS.map((t) => (
              <li key={t.name}>
                <figure className="h-full rounded-xl border border-stone-200 p-6">
                  <blockquote className="text-stone-700">“{t.quote}”</blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-semibold text-stone-900">{t.name}</span>
                    <span className="block text-stone-500">{t.role}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="cta-title"
        className="bg-brand-700 py-14 text-white [content-visibility:auto] [contain-intrinsic-size:auto_40rem]"
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-6 px-4">
          <div>
            <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
              Ready to grow with ShambaSoko?
            </h2>
            <p className="mt-2 text-brand-100">Join thousands of farmers and businesses across Kenya. It is free to start.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link
              to="/auth/create-account"
              className="inline-flex min-h-12 items-center rounded-lg bg-white px-6 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Create a free account
            </Link>
            <Link
              to="/market"
              className="inline-flex min-h-12 items-center rounded-lg border border-white px-6 font-semibold hover:bg-white/10"
            >
              Visit Marketplace
            </Link>
          </div>
        </div>
      </section>

      <footer id="contact" aria-labelledby="contact-title" className="bg-stone-900 py-12 text-stone-300">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 md:grid-cols-3">
          <div>
            <p className="text-lg font-bold text-white">ShambaSoko</p>
            <p className="mt-2 text-sm">Farm management and an agricultural marketplace for Kenya.</p>
          </div>
          <div>
            <h2 id="contact-title" className="font-semibold text-white">
              Contact
            </h2>
            <address className="mt-2 space-y-1 text-sm not-italic">
              <p>Nairobi, Kenya</p>
              <p>
                <a href="tel:+254700000000" className="hover:text-white">
                  +254 700 000 000
                </a>
              </p>
              <p>
                <a href="mailto:hello@shambasoko.co.ke" className="hover:text-white">
                  hello@shambasoko.co.ke
                </a>
              </p>
            </address>
          </div>
          <nav aria-label="Legal">
            <h2 className="font-semibold text-white">Legal</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {LEGAL.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="hover:text-white">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className="mx-auto mt-10 max-w-6xl px-4 text-xs text-stone-400">© {new Date().getFullYear()} ShambaSoko. All rights reserved.</p>
      </footer>
    </>
  );
}
