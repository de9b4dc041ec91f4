import type { AppRole } from '@shambasoko/shared';

interface MenuItem {
  label: string;
  to: string;
}
export interface MenuGroup {
  title: string;
  items: MenuItem[];
}

const SOON = '/coming-soon';
const selfService: MenuGroup = {
  title: 'Self-service',
  items: [
    { label: 'Marketplace', to: '/market' },
    { label: 'My Orders', to: '/orders' },
  ],
};
const communication: MenuGroup = {
  title: 'Communication',
  items: [
    { label: 'Messages', to: `${SOON}?feature=messages` },
    { label: 'Announcements', to: `${SOON}?feature=announcements` },
  ],
};

/** Sidebar groups per role. Entries with no screen yet go to /coming-soon. */
export const MENUS: Record<AppRole, MenuGroup[]> = {
  Farmer: [
    {
      title: 'Analytics',
      items: [
        { label: 'Overview', to: '/dashboard' },
        { label: 'Budgeting', to: '/budget' },
      ],
    },
    {
      title: 'Farm Manager',
      items: [
        { label: 'Farms', to: '/farms' },
        { label: 'Fields', to: '/fields' },
        { label: 'Seasons', to: '/seasons' },
        { label: 'Crops', to: '/crops' },
        { label: 'Activities', to: '/activities' },
        { label: 'Users', to: '/users' },
      ],
    },
    selfService,
  ],
  Admin: [
    {
      title: 'Analytics',
      items: [
        { label: 'Overview', to: '/dashboard' },
        { label: 'Reports', to: `${SOON}?feature=reports` },
      ],
    },
    communication,
    {
      title: 'Management',
      items: [
        { label: 'Farms', to: '/farms' },
        { label: 'Accounts', to: `${SOON}?feature=accounts` },
        { label: 'Products', to: `${SOON}?feature=products` },
      ],
    },
    selfService,
    { title: 'Legacy', items: [{ label: 'Legacy Reports', to: `${SOON}?feature=legacy-reports` }] },
    { title: 'External', items: [{ label: 'Integrations', to: `${SOON}?feature=integrations` }] },
  ],
  Supplier: [
    {
      title: 'Analytics',
      items: [
        { label: 'Overview', to: '/dashboard' },
        { label: 'Sales', to: `${SOON}?feature=sales` },
      ],
    },
    communication,
    {
      title: 'Management',
      items: [
        { label: 'Products', to: `${SOON}?feature=products` },
        { label: 'Inventory', to: `${SOON}?feature=inventory` },
      ],
    },
    selfService,
  ],
  Retailer: [
    {
      title: 'Analytics',
      items: [
        { label: 'Overview', to: '/dashboard' },
        { label: 'Sales', to: `${SOON}?feature=sales` },
      ],
    },
    communication,
    {
      title: 'Management',
      items: [
        { label: 'Stock', to: `${SOON}?feature=stock` },
        { label: 'Suppliers', to: `${SOON}?feature=suppliers` },
      ],
    },
    selfService,
  ],
  Buyer: [{ title: 'Analytics', items: [{ label: 'Overview', to: '/dashboard' }] }, communication, selfService],
};
