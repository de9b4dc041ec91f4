// A small Kustomize stand-in (resources, strategic-merge patches by kind and name, images, namespace)
// and the checks run on what it renders. No kustomize or kubectl binary is needed in the test run.
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Service } from 'kubernetes-models/v1/Service';

// Loose on purpose: manifests are data read from YAML, checked below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string }; [key: string]: any };

type Validator = (object: K8sObject) => void;
const model =
  (Model: new (data: never) => { validate(): void }): Validator =>
  (object) =>
    new Model(object as never).validate();

/** Built-in kinds, validated against Kubernetes' own OpenAPI schemas. */
const BUILT_IN: Record<string, Validator> = {
  'apps/v1/Deployment': model(Deployment),
  'autoscaling/v2/HorizontalPodAutoscaler': model(HorizontalPodAutoscaler),
  'networking.k8s.io/v1/Ingress': model(Ingress),
  'policy/v1/PodDisruptionBudget': model(PodDisruptionBudget),
  'v1/ConfigMap': model(ConfigMap),
  'v1/Namespace': model(Namespace),
  'v1/PersistentVolumeClaim': model(PersistentVolumeClaim),
  'v1/Service': model(Service),
};

/** Operators' kinds (no schema installed here): the fields this deployment relies on. */
const CUSTOM: Record<string, Validator> = {
  'postgresql.cnpg.io/v1/Cluster': (o) => {
    if (!(o.spec?.instances >= 1)) throw new Error('spec.instances must be at least 1');
    if (typeof o.spec?.storage?.size !== 'string') throw new Error('spec.storage.size is required');
  },
  'postgresql.cnpg.io/v1/ScheduledBackup': (o) => {
    if (typeof o.spec?.schedule !== 'string' || typeof o.spec?.cluster?.name !== 'string')
      throw new Error('spec.schedule and spec.cluster.name are required');
  },
  'monitoring.coreos.com/v1/ServiceMonitor': (o) => {
    if (!o.spec?.selector?.matchLabels) throw new Error('spec.selector.matchLabels is required');
    if (
      !Array.isArray(o.spec?.endpoints) ||
      o.spec.endpoints.some((e: K8sObject) => typeof e.port !== 'string' || typeof e.path !== 'string')
    )
      throw new Error('every spec.endpoints item needs port and path');
  },
  'external-secrets.io/v1beta1/ExternalSecret': (o) => {
    if (typeof o.spec?.target?.name !== 'string') throw new Error('spec.target.name is required');
    if (!Array.isArray(o.spec?.data) || o.spec.data.some((d: K8sObject) => typeof d.secretKey !== 'string' || !d.remoteRef?.key))
      throw new Error('every spec.data item needs secretKey and remoteRef.key');
  },
};

const CLUSTER_SCOPED = new Set(['Namespace']);

export function readYaml(file: string): K8sObject[] {
  return parseAllDocuments(fs.readFileSync(file, 'utf8')).flatMap((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]?.message}`);
    const value = doc.toJS() as K8sObject | null;
    return value === null ? [] : [value];
  });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Strategic merge as far as these manifests need it: maps merge, lists of named items merge by name. */
function merge(base: unknown, patch: unknown): unknown {
  if (isObject(base) && isObject(patch)) {
    const out: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(patch)) out[key] = key in base ? merge(base[key], value) : value;
    return out;
  }
  if (Array.isArray(base) && Array.isArray(patch) && patch.every((item) => isObject(item) && typeof item.name === 'string')) {
    const out = [...base];
    for (const item of patch) {
      const at = out.findIndex((existing) => isObject(existing) && existing.name === item.name);
      if (at >= 0) out[at] = merge(out[at], item);
      else out.push(item);
    }
    return out;
  }
  return patch;
}

export interface Rendered {
  objects: K8sObject[];
  /** Files the kustomizations name, for the check that every one exists. */
  problems: string[];
}

/** Renders a kustomization folder as `kustomize build` would, for the features used here. */
export function render(dir: string): Rendered {
  const problems: string[] = [];
  const file = path.join(dir, 'kustomization.yaml');
  if (!fs.existsSync(file)) return { objects: [], problems: [`${dir}: no kustomization.yaml`] };
  const [kustomization = {} as K8sObject] = readYaml(file);
  let objects: K8sObject[] = [];
  for (const entry of (kustomization.resources ?? []) as string[]) {
    const target = path.resolve(dir, entry);
    if (!fs.existsSync(target)) problems.push(`${file}: resource ${entry} does not exist`);
    else if (fs.statSync(target).isDirectory()) {
      const inner = render(target);
      objects.push(...inner.objects);
      problems.push(...inner.problems);
    } else objects.push(...readYaml(target));
  }
  for (const { path: patchPath } of (kustomization.patches ?? []) as Array<{ path: string }>) {
    const target = path.resolve(dir, patchPath);
    if (!fs.existsSync(target)) {
      problems.push(`${file}: patch ${patchPath} does not exist`);
      continue;
    }
    for (const patch of readYaml(target)) {
      const at = objects.findIndex((o) => o.kind === patch.kind && o.metadata?.name === patch.metadata?.name);
      if (at < 0) problems.push(`${file}: patch ${patchPath} matches no ${patch.kind} ${patch.metadata?.name}`);
      else objects[at] = merge(objects[at], patch) as K8sObject;
    }
  }
  const images = (kustomization.images ?? []) as Array<{ name: string; newName?: string; newTag?: string }>;
  objects = objects.map((object) => {
    const out = structuredClone(object);
    for (const container of podSpec(out)?.containers ?? []) {
      const image = images.find((i) => container.image === i.name || container.image?.startsWith(`${i.name}:`));
      if (image) container.image = `${image.newName ?? image.name}${image.newTag ? `:${image.newTag}` : ''}`;
    }
    if (kustomization.namespace && !CLUSTER_SCOPED.has(out.kind)) out.metadata.namespace = kustomization.namespace;
    return out;
  });
  return { objects, problems };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function podSpec(object: K8sObject): any {
  return ['Deployment', 'StatefulSet', 'Job'].includes(object.kind) ? object.spec?.template?.spec : undefined;
}

/** Schema and policy problems of rendered objects; empty when all is well. */
export function lint(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const object of objects) {
    const id = `${object.kind} ${object.metadata?.name}`;
    const key = `${object.apiVersion}/${object.kind}`;
    const validate = BUILT_IN[key] ?? CUSTOM[key];
    if (!validate) {
      problems.push(`${id}: no schema known for ${key}`);
      continue;
    }
    try {
      validate(object);
    } catch (error) {
      problems.push(`${id}: ${(error as Error).message}`);
    }
    const pod = podSpec(object);
    if (!pod) continue;
    for (const container of pod.containers ?? []) {
      const where = `${id}, container ${container.name}`;
      const context = { ...pod.securityContext, ...container.securityContext };
      if (context.runAsNonRoot !== true) problems.push(`${where}: runAsNonRoot must be true`);
      if (context.runAsUser === 0) problems.push(`${where}: runs as uid 0`);
      if (context.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation must be false`);
      if (!container.resources?.requests?.cpu || !container.resources?.requests?.memory || !container.resources?.limits?.memory)
        problems.push(`${where}: needs cpu and memory requests and a memory limit`);
      if (!container.readinessProbe || !container.livenessProbe) problems.push(`${where}: needs readiness and liveness probes`);
    }
  }
  return problems;
}

/** Every GET route core-api registers (`app.get('/path', …)` in its non-test sources). */
export function apiGetRoutes(srcDir: string): Set<string> {
  const routes = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        for (const match of fs.readFileSync(full, 'utf8').matchAll(/\bapp\.get\(\s*'([^']+)'/g)) routes.add(match[1] as string);
      }
    }
  };
  walk(srcDir);
  return routes;
}

/** HTTP probe paths of a Deployment's containers. */
export function probePaths(deployment: K8sObject): string[] {
  return (podSpec(deployment)?.containers ?? []).flatMap((container: K8sObject) =>
    [container.startupProbe, container.readinessProbe, container.livenessProbe].flatMap((probe) =>
      probe?.httpGet?.path ? [probe.httpGet.path as string] : [],
    ),
  );
}

/**
 * The environment a Deployment's first container gets, from its ConfigMaps, Secrets and values.
 * Secrets are not in the repository: a key one of the manifests promises (an ExternalSecret's key, or
 * CloudNativePG's `<cluster>-app` Secret) gets a stand-in value; a reference nothing provides is a problem.
 */
export function containerEnv(deployment: K8sObject, objects: K8sObject[]): { env: Record<string, string>; problems: string[] } {
  const env: Record<string, string> = {};
  const problems: string[] = [];
  const configMap = (name: string) =>
    objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name)?.data as Record<string, string>;
  const secretKeys = (name: string): string[] | undefined => {
    const external = objects.find((o) => o.kind === 'ExternalSecret' && o.spec.target.name === name);
    if (external) return external.spec.data.map((d: K8sObject) => d.secretKey);
    const cluster = objects.find((o) => o.kind === 'Cluster' && `${o.metadata.name}-app` === name);
    return cluster ? ['uri', 'host', 'port', 'dbname', 'user', 'username', 'password'] : undefined;
  };
  const standIn = (key: string) =>
    key === 'uri'
      ? 'postgresql://app:stand-in@db-rw:5432/app'
      : key.endsWith('_URL')
        ? // A stand-in as strong as the API demands of a callback token (32 random bytes, base64url).
          'https://stand-in.example/q3Vx8mZ0cT7LwPnA2dYk5sRbH1uE9fGjW4oQ6iCzXyN'
        : 'stand-in-secret-value-of-forty-eight-characters!!';
  const container = podSpec(deployment)?.containers?.[0] ?? {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const data = configMap(source.configMapRef.name);
      if (!data) problems.push(`envFrom: no ConfigMap ${source.configMapRef.name}`);
      Object.assign(env, data);
    }
    if (source.secretRef) {
      const keys = secretKeys(source.secretRef.name);
      if (!keys) problems.push(`envFrom: nothing provides the Secret ${source.secretRef.name}`);
      for (const key of keys ?? []) env[key] = standIn(key);
    }
  }
  for (const variable of container.env ?? []) {
    const { configMapKeyRef, secretKeyRef } = variable.valueFrom ?? {};
    if (typeof variable.value === 'string') env[variable.name] = variable.value;
    else if (configMapKeyRef) {
      const value = configMap(configMapKeyRef.name)?.[configMapKeyRef.key];
      if (value === undefined) problems.push(`${variable.name}: no key ${configMapKeyRef.key} in ConfigMap ${configMapKeyRef.name}`);
      else env[variable.name] = value;
    } else if (secretKeyRef) {
      if (!secretKeys(secretKeyRef.name)?.includes(secretKeyRef.key))
        problems.push(`${variable.name}: nothing provides key ${secretKeyRef.key} of Secret ${secretKeyRef.name}`);
      else env[variable.name] = standIn(secretKeyRef.key);
    }
  }
  return { env, problems };
}
