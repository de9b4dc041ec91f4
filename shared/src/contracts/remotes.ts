import type { RouteObject } from 'react-router-dom';

/** Roles offered by the role switcher. */
export const APP_ROLES = ['Admin', 'Supplier', 'Retailer', 'Farmer', 'Buyer'] as const;
export type AppRole = (typeof APP_ROLES)[number];

/** Where the shell renders a remote's pages: bare (the page draws itself) or inside the dashboard layout. */
export type MountLayout = 'public' | 'dashboard';

export interface RemoteMount {
  /** A react-router path pattern, e.g. "/farms/*" or "/cart". */
  path: string;
  layout: MountLayout;
}

export interface RemoteDescriptor {
  /** Federation name of the remote, e.g. "farm". Its module "./routes" is loaded as "farm/routes". */
  name: string;
  /** URL of the remote's remoteEntry.js or mf-manifest.json. */
  entry: string;
  /** Roles that see this remote; "*" means every role (and signed-out visitors). */
  roles: string[];
  mounts: RemoteMount[];
}

export interface RemotesManifest {
  remotes: RemoteDescriptor[];
}

/**
 * What every remote's "./routes" module exports as default: route objects with absolute paths
 * whose elements load their pages lazily.
 */
export type RemoteRoutes = RouteObject[];

export interface RemoteRoutesModule {
  default: RemoteRoutes;
}
