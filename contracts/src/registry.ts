// The remote registry (core-api, modules/registry): the manifest the shell reads, the product
// owner's console (/admin/remotes, Admin only) and the deploy commands (npm run deploy / rollback).
import { z } from 'zod';
import { appRoleSchema } from './roles';

const remoteName = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be a remote name such as "market"');
/** A build's content hash (hex), or "seed" for the first manifest. */
const versionId = z.string().regex(/^(seed|[0-9a-f]{8,64})$/, 'must be a version id');

export const remoteMountSchema = z.object({
  path: z
    .string()
    .regex(/^\/[A-Za-z0-9\-_/:*]*$/, 'must be a route path such as /farms/*')
    .max(200),
  layout: z.enum(['public', 'dashboard']),
  /**
   * The page keeps working without a connection (the farm's): the shell starts its offline support
   * (the device's saved data, changes waiting to be sent) as the page opens. Other pages start it only
   * when the device keeps something for it.
   */
  offline: z.boolean().optional(),
});

export const remoteMenuEntrySchema = z.object({
  group: z.string().min(1).max(40),
  label: z.string().min(1).max(40),
  to: z
    .string()
    .regex(/^\/[A-Za-z0-9\-_/?=&]*$/, 'must be a path on this site')
    .max(200),
  roles: z.array(appRoleSchema).optional(),
});

/** A remote's human name or description, in English and Kiswahili (its remote.json says them). */
export const remoteTextSchema = z.object({ en: z.string().trim().min(1).max(200), sw: z.string().trim().min(1).max(200) });
export type RemoteText = z.infer<typeof remoteTextSchema>;

const remoteBuildSchema = z.object({
  version: versionId,
  entry: z.string().url().max(500),
  mounts: z.array(remoteMountSchema).max(50),
  menu: z.array(remoteMenuEntrySchema).max(50),
});

/** One remote in GET /remotes.json (the shell's manifest). */
export const remoteDescriptorSchema = remoteBuildSchema.extend({
  name: remoteName,
  roles: z.array(z.union([appRoleSchema, z.literal('*')])),
  enabled: z.boolean(),
  rollout: remoteBuildSchema.extend({ role: appRoleSchema, percent: z.number().int().min(1).max(99) }).nullable(),
});
export const remotesManifestSchema = z.object({ remotes: z.array(remoteDescriptorSchema) });

/** Shared singletons and the version ranges a build requires of them, e.g. { react: "^19.1.0" }. */
const requirementsSchema = z.record(z.string().max(100), z.string().max(100));

/** A recorded version of a remote, as the console lists it. */
export const remoteVersionSchema = remoteBuildSchema.extend({
  title: remoteTextSchema.nullable(),
  description: remoteTextSchema.nullable(),
  builtAt: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  requires: requirementsSchema,
  registeredAt: z.string(),
});
export type RemoteVersion = z.infer<typeof remoteVersionSchema>;

const actorSchema = z.object({ id: z.string().nullable(), name: z.string() }).nullable();

/** A remote as the console shows it. */
export const registryRemoteSchema = z.object({
  name: remoteName,
  /** From its remote.json, as its live version (else its newest) declared them; null when none did. */
  title: remoteTextSchema.nullable(),
  description: remoteTextSchema.nullable(),
  enabled: z.boolean(),
  roles: z.array(z.union([appRoleSchema, z.literal('*')])),
  live: versionId.nullable(),
  /** The version a rollback returns to (null when there is none; never the seed placeholder). */
  previous: versionId.nullable(),
  /** Whether a version of it was ever live: one never live (a refused or unpromoted deploy) may be deleted. */
  everLive: z.boolean(),
  rollout: z.object({ version: versionId, role: appRoleSchema, percent: z.number().int() }).nullable(),
  /** Newest first. */
  versions: z.array(remoteVersionSchema),
  updatedAt: z.string(),
  updatedBy: actorSchema,
});
export type RegistryRemote = z.infer<typeof registryRemoteSchema>;

export const registryAuditEntrySchema = z.object({
  id: z.string(),
  remote: z.string(),
  /** e.g. "roles", "enabled", "promote", "rollback", "rollout", "deploy". */
  action: z.string(),
  actor: actorSchema,
  at: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type RegistryAuditEntry = z.infer<typeof registryAuditEntrySchema>;

/** Answer of GET /v1/admin/remotes. */
export const registryOverviewSchema = z.object({
  remotes: z.array(registryRemoteSchema),
  /** Newest first, the last 100 changes. */
  audit: z.array(registryAuditEntrySchema),
});
export type RegistryOverview = z.infer<typeof registryOverviewSchema>;

export const remoteNameParamsSchema = z.object({ name: remoteName });

/** Body of PATCH /v1/admin/remotes/:name: the role toggles and the kill switch. */
export const remoteSettingsSchema = z
  .object({ enabled: z.boolean(), roles: z.array(z.union([appRoleSchema, z.literal('*')])).max(6) })
  .partial()
  .refine((v) => v.enabled !== undefined || v.roles !== undefined, 'Nothing to change');
export type RemoteSettings = z.infer<typeof remoteSettingsSchema>;

const audienceSchema = z.array(z.union([appRoleSchema, z.literal('*')])).max(6);

/** Body of POST /v1/admin/remotes/publish: the console's drafted changes, applied together in one transaction. */
export const publishRequestSchema = z.object({
  changes: z
    .array(
      z
        .object({ name: remoteName, enabled: z.boolean().optional(), roles: audienceSchema.optional() })
        .refine((v) => v.enabled !== undefined || v.roles !== undefined, 'Nothing to change'),
    )
    .min(1, 'Nothing to publish')
    .max(50)
    .refine((changes) => new Set(changes.map((c) => c.name)).size === changes.length, 'Each remote once'),
});
export type PublishRequest = z.infer<typeof publishRequestSchema>;

/** Answer of POST /v1/admin/remotes/publish: the remotes it changed. */
export const publishAnswerSchema = z.object({ remotes: z.array(registryRemoteSchema) });

/** Body of POST /v1/admin/remotes/:name/promote. */
export const promoteRequestSchema = z.object({ version: versionId });

/** Body of PUT /v1/admin/remotes/:name/rollout. */
export const rolloutRequestSchema = z.object({
  version: versionId,
  role: appRoleSchema,
  percent: z.number().int().min(1, 'must be 1–99').max(99, 'must be 1–99'),
});
export type RolloutRequest = z.infer<typeof rolloutRequestSchema>;

/** Body of POST /v1/deploys/:name (the deploy command; header x-operator-token). */
export const deployRequestSchema = z.object({
  version: versionId,
  entry: z.string().url().max(500),
  builtAt: z.string().datetime(),
  sizeBytes: z.number().int().nonnegative().max(1e10),
  requires: requirementsSchema,
  mounts: z.array(remoteMountSchema).max(50),
  menu: z.array(remoteMenuEntrySchema).max(50),
  title: remoteTextSchema.optional(),
  description: remoteTextSchema.optional(),
  /** Default true: the version goes live once it is registered. */
  makeLive: z.boolean().default(true),
});
export type DeployRequest = z.input<typeof deployRequestSchema>;

/** Answer of POST /v1/deploys/shell. */
export const emptyAnswerSchema = z.object({});

/** Body of POST /v1/deploys/shell: what the live shell provides to remotes, e.g. { react: "19.1.0" }. */
export const shellBuildRequestSchema = z.object({ version: versionId, provides: requirementsSchema });
