import type { RouteObject } from 'react-router-dom';
import { remoteMetadataProblems, type RemoteJson } from './remote-metadata';

const handle = (title: string, crumb = title) => ({ title, crumb });
const remote: RemoteJson = {
  name: 'shop',
  mounts: [
    { path: '/shop/*', layout: 'dashboard' },
    { path: '/basket', layout: 'public' },
  ],
  menu: [{ group: 'Self-service', label: 'Shop', to: '/shop?tab=new', roles: ['Buyer'] }],
};
const routes: RouteObject[] = [
  { element: null, children: [{ path: '/basket', handle: handle('Basket') }] },
  {
    path: '/shop',
    handle: handle('Shop'),
    children: [
      { index: true, handle: handle('Shop') },
      { path: ':itemId', handle: handle('Item') },
    ],
  },
];

describe('remoteMetadataProblems', () => {
  it('passes a remote whose routes, menu and mounts agree', () => {
    expect(remoteMetadataProblems(routes, remote)).toEqual([]);
  });

  it('names a routed page without a title or crumb, however deep', () => {
    const bare: RouteObject[] = [
      ...routes,
      { path: '/shop/sale', handle: { title: 'Sale', crumb: ' ' } },
      { path: '/shop/old', children: [{ index: true }] },
    ];
    expect(remoteMetadataProblems(bare, remote)).toEqual([
      'shop route /shop/sale has no handle crumb',
      'shop route /shop/old has no handle title',
      'shop route /shop/old has no handle crumb',
      'shop route /shop/old (index) has no handle title',
      'shop route /shop/old (index) has no handle crumb',
    ]);
  });

  it('names menu entries outside the mounts or with unknown roles, and mounts without routes', () => {
    const wrong: RemoteJson = {
      ...remote,
      mounts: [...remote.mounts, { path: '/wishlist', layout: 'dashboard' }],
      menu: [...remote.menu, { group: 'Self-service', label: 'Cart', to: '/cart', roles: ['Shopper'] }],
    };
    expect(remoteMetadataProblems(routes, wrong)).toEqual([
      "shop menu entry Cart (/cart) is outside the remote's mounts",
      'shop menu entry Cart names an unknown role Shopper',
      'shop mount /wishlist serves no route',
    ]);
  });
});
