import type { AppRole } from './role-values';

export { APP_ROLES, SELF_SERVICE_ROLES, isAppRole, type AppRole, type SelfServiceRole } from './role-values';

// The remotes manifest the shell reads at run time (GET /remotes.json, served from the core API's
// remote registry). Zod-free: the shell's first chunk checks it by hand (shell/src/features/remotes/manifest.ts);
// the API declares the same shape with zod in ./registry.ts.

/** Where the shell renders a remote's pages: bare (the page draws itself) or inside the dashboard layout. */
export type MountLayout = 'public' | 'dashboard';

export interface RemoteMount {
  /** A react-router path pattern, e.g. "/farms/*" or "/cart". */
  path: string;
  layout: MountLayout;
  /** The page keeps working without a connection: the shell starts its offline support as it opens. */
  offline?: boolean;
}

/** One sidebar entry a remote declares for its pages (the shell draws the sidebar from these). */
export interface RemoteMenuEntry {
  /** Sidebar group, e.g. "Farm Manager"; the shell orders the groups it knows, others follow. */
  group: string;
  label: string;
  /** Link target, e.g. "/fields" or "/coming-soon?feature=reports". */
  to: string;
  /** Roles whose sidebar shows it; absent: every role that sees the remote. */
  roles?: AppRole[];
}

/** What one version of a remote brings: its entry and the routes and menu entries it owns. */
export interface RemoteBuild {
  /** Content hash of the build; "seed" for the manifest a fresh registry starts from. */
  version: string;
  /** URL of the version's remoteEntry.js (immutable per version). */
  entry: string;
  mounts: RemoteMount[];
  menu: RemoteMenuEntry[];
}

/** A staged rollout: `percent` of the accounts holding `role` get this build instead of the live one. */
export interface RemoteRollout extends RemoteBuild {
  role: AppRole;
  /** 1–99. The same accounts every time (rolloutBucket). */
  percent: number;
}

export interface RemoteDescriptor extends RemoteBuild {
  /** Federation name of the remote, e.g. "farm". Its module "./routes" is loaded as "farm/routes". */
  name: string;
  /** Roles that see this remote; "*" means every role (and signed-out visitors). */
  roles: string[];
  /** False when a product owner switched the remote off (the kill switch): no role sees it. */
  enabled: boolean;
  rollout: RemoteRollout | null;
}

export interface RemotesManifest {
  remotes: RemoteDescriptor[];
}

/**
 * A stable number 0–99 for an account and a remote (FNV-1a of "remote:userId"): an account in
 * bucket < percent gets the staged version, on every load and in every tab.
 */
export function rolloutBucket(userId: string, remote: string): number {
  let hash = 0x811c9dc5;
  const text = `${remote}:${userId}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}
