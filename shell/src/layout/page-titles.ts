/** Top-bar title per the spec's table; the order matters ("/fields" anywhere wins over "/farms"). */
export function pageTitle(pathname: string): string {
  if (pathname === '/dashboard') return 'Farmer Overview';
  if (pathname.startsWith('/budget')) return 'Budget';
  if (pathname.startsWith('/costs')) return 'Costs';
  if (pathname.startsWith('/seasons')) return 'Seasons';
  if (pathname.startsWith('/crops')) return 'Farm Crops';
  if (pathname.startsWith('/activities')) return 'Farm Activities';
  if (pathname.startsWith('/users')) return 'Farm Users';
  if (pathname.includes('/fields')) return 'Farm Fields';
  if (pathname === '/farms') return 'Farms';
  if (pathname.startsWith('/orders')) return 'My Orders';
  if (pathname.startsWith('/coming-soon')) return 'Coming Soon';
  if (pathname.startsWith('/profile')) return 'Profile Settings';
  return 'Farm Overview';
}

/** Back goes to /farms from inside a farm, else to the dashboard. */
export function backTarget(pathname: string): string {
  return pathname.startsWith('/farms/') ? '/farms' : '/dashboard';
}

export interface Crumb {
  label: string;
  to: string;
}

const LABELS: Record<string, string> = {
  dashboard: 'Dashboard',
  farms: 'Farms',
  fields: 'Fields',
  seasons: 'Seasons',
  crops: 'Crops',
  activities: 'Activities',
  users: 'Users',
  budget: 'Budget',
  costs: 'Costs',
  orders: 'Orders',
  'coming-soon': 'Coming Soon',
  profile: 'Profile Settings',
};

export function breadcrumbs(pathname: string): Crumb[] {
  const parts = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', to: '/dashboard' }];
  parts.forEach((part, i) => {
    const to = `/${parts.slice(0, i + 1).join('/')}`;
    if (to === '/dashboard') return;
    const previous = parts[i - 1];
    const label =
      LABELS[part] ?? (previous === 'farms' ? 'Farm' : previous === 'fields' ? 'Field' : previous === 'orders' ? 'Order' : part);
    crumbs.push({ label, to });
  });
  return crumbs;
}
