import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertSafeIdentityConfig } from '../../core-api/src/auth/firebase';
import { loadConfig } from '../../core-api/src/config';
import { apiGetRoutes, containerEnv, type K8sObject, lint, probePaths, readYaml, render } from './lint';

const ROOT = path.resolve(__dirname, '../..');
const BASE = path.join(__dirname, 'base');
const OVERLAYS = [BASE, path.join(__dirname, 'overlays/production')];
const short = (dir: string) => path.relative(ROOT, dir);
const API_ROUTES = apiGetRoutes(path.join(ROOT, 'core-api/src'));

const find = (objects: K8sObject[], kind: string, name: string): K8sObject => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};

/** What core-api itself decides about an environment: its start-up checks, and whether payments are on. */
function apiConfigProblems(env: Record<string, string>): string[] {
  try {
    const config = loadConfig(env);
    assertSafeIdentityConfig(config, env);
    const problems: string[] = [];
    if (!config.databaseUrl) problems.push('DATABASE_URL is not set: several replicas cannot share an embedded database');
    if (!config.payments.mpesa) problems.push('M-Pesa settings are incomplete');
    if (!config.payments.card) problems.push('card gateway settings are incomplete');
    if (config.corsOrigins.some((origin) => !origin.startsWith('https://'))) problems.push('CORS_ORIGINS must be https');
    return problems;
  } catch (error) {
    return [(error as Error).message];
  }
}

describe.each(OVERLAYS.map((dir) => [short(dir), dir]))('kustomization %s', (_name, dir) => {
  const { objects, problems } = render(dir);

  it('names only files that exist, and every patch matches a resource', () => {
    expect(problems).toEqual([]);
  });

  it('passes the Kubernetes schemas and the pod rules (non-root, resources, probes)', () => {
    expect(objects.length).toBeGreaterThan(10);
    expect(lint(objects)).toEqual([]);
  });

  it("probes the API's real routes", () => {
    const paths = probePaths(find(objects, 'Deployment', 'core-api'));
    expect(paths).toEqual(expect.arrayContaining(['/health']));
    expect(paths.filter((p) => !API_ROUTES.has(p))).toEqual([]);
  });

  it('gives the API every setting it needs in production (its own config check passes)', () => {
    const { env, problems: missing } = containerEnv(find(objects, 'Deployment', 'core-api'), objects);
    expect(missing).toEqual([]);
    expect(env.NODE_ENV).toBe('production');
    expect(apiConfigProblems(env)).toEqual([]);
    // Behind the Ingress the client address comes from the controller, not from the socket.
    expect(loadConfig(env).trustProxy).toEqual(['uniquelocal']);
  });

  it('scales the API on CPU and keeps one replica through voluntary disruptions', () => {
    const hpa = find(objects, 'HorizontalPodAutoscaler', 'core-api');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'core-api' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(find(objects, 'PodDisruptionBudget', 'core-api').spec.selector.matchLabels).toEqual(
      find(objects, 'Deployment', 'core-api').spec.selector.matchLabels,
    );
  });

  it("scrapes the API's /metrics through its Service, with the METRICS_TOKEN the API asks for", () => {
    const monitor = find(objects, 'ServiceMonitor', 'core-api');
    const service = find(objects, 'Service', 'core-api');
    // A ServiceMonitor finds Services by their labels.
    expect((service.metadata as { labels?: Record<string, string> }).labels).toMatchObject(monitor.spec.selector.matchLabels);
    const [endpoint] = monitor.spec.endpoints as K8sObject[];
    expect(service.spec.ports.map((p: K8sObject) => p.name)).toContain(endpoint?.port);
    expect(API_ROUTES.has(endpoint?.path)).toBe(true);
    const { name, key } = endpoint?.authorization.credentials ?? {};
    const { env } = containerEnv(find(objects, 'Deployment', 'core-api'), objects);
    expect(env[key]).toBeDefined();
    expect(key).toBe('METRICS_TOKEN');
    expect(loadConfig(env).metricsToken).toBe(env.METRICS_TOKEN);
    expect(find(objects, 'ExternalSecret', name).spec.data.map((d: K8sObject) => d.secretKey)).toContain(key);
  });

  it('routes the Ingress to Services and ports that exist', () => {
    const services = objects.filter((o) => o.kind === 'Service');
    const backends = find(objects, 'Ingress', 'shambasoko').spec.rules.flatMap((rule: K8sObject) =>
      rule.http.paths.map((p: K8sObject) => p.backend.service),
    );
    for (const backend of backends) {
      const service = services.find((s) => s.metadata.name === backend.name);
      expect(service?.spec.ports.map((p: K8sObject) => p.name)).toContain(backend.port.name);
    }
  });
});

describe('the production overlay', () => {
  it('pins both images to a registry and a tag', () => {
    const { objects } = render(OVERLAYS[1] as string);
    const images = objects.flatMap((o) => (o.kind === 'Deployment' ? o.spec.template.spec.containers.map((c: K8sObject) => c.image) : []));
    expect(images).toHaveLength(2);
    for (const image of images) expect(image).toMatch(/^registry\.[^/]+\/shambasoko\/(core-api|static):[\w.-]+$/);
  });
});

describe('the checks fail on broken manifests', () => {
  const { objects } = render(BASE);
  const api = () => structuredClone(find(objects, 'Deployment', 'core-api'));
  const others = objects.filter((o) => !(o.kind === 'Deployment' && o.metadata.name === 'core-api'));

  it('a field of the wrong type', () => {
    const broken = api();
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'four thousand';
    expect(lint([broken]).join('\n')).toMatch(/containerPort/);
  });

  it('a container that may run as root', () => {
    const broken = api();
    delete broken.spec.template.spec.securityContext.runAsNonRoot;
    broken.spec.template.spec.securityContext.runAsUser = 0;
    expect(lint([broken])).toEqual(expect.arrayContaining([expect.stringMatching(/runAsNonRoot/), expect.stringMatching(/uid 0/)]));
  });

  it('a probe on a route the API does not have', () => {
    const broken = api();
    broken.spec.template.spec.containers[0].readinessProbe.httpGet.path = '/healthz';
    expect(probePaths(broken).filter((p) => !API_ROUTES.has(p))).toEqual(['/healthz']);
  });

  it('a missing production secret, and a reference to a Secret nothing provides', () => {
    const withoutJwt = others.map((o) =>
      o.kind === 'ExternalSecret' && o.metadata.name === 'core-api-secrets'
        ? { ...o, spec: { ...o.spec, data: o.spec.data.filter((d: K8sObject) => d.secretKey !== 'JWT_SECRET') } }
        : o,
    );
    const { env } = containerEnv(api(), withoutJwt);
    expect(apiConfigProblems(env).join('\n')).toMatch(/JWT_SECRET must be set/);

    const broken = api();
    broken.spec.template.spec.containers[0].env[0].valueFrom.secretKeyRef.name = 'no-such-secret';
    expect(containerEnv(broken, others).problems).toEqual([expect.stringMatching(/DATABASE_URL: nothing provides key uri/)]);
  });

  it('an emulator host in production', () => {
    const { env } = containerEnv(api(), others);
    expect(apiConfigProblems({ ...env, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).join('\n')).toMatch(/Refusing to start/);
  });

  it('a kustomization naming a file that does not exist, and a kind with no schema', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kustomize-'));
    try {
      fs.writeFileSync(path.join(dir, 'kustomization.yaml'), 'resources:\n  - gone.yaml\n  - odd.yaml\n');
      fs.writeFileSync(path.join(dir, 'odd.yaml'), 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n');
      const rendered = render(dir);
      expect(rendered.problems).toEqual([expect.stringMatching(/resource gone\.yaml does not exist/)]);
      expect(lint(rendered.objects)).toEqual(['Widget w: no schema known for example.com/v1/Widget']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Dockerfile', () => {
  const text = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  /** Each stage's lines, by the name after AS. */
  const stages = new Map(text.split(/^FROM /m).map((part) => [/ AS ([\w-]+)/.exec(part.split('\n')[0] ?? '')?.[1] ?? '', part]));

  it('copies only paths that exist in the build context', () => {
    const copies = [...text.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap((m) => (m[1] as string).trim().split(/\s+/).slice(0, -1));
    expect(copies.filter((source) => !fs.existsSync(path.join(ROOT, source)))).toEqual([]);
  });

  it.each(['core-api', 'static'])('the %s image runs as a non-root user and has a HEALTHCHECK', (stage) => {
    expect(stages.get(stage)).toMatch(/^USER 1000:1000$/m);
    expect(stages.get(stage)).toMatch(/^HEALTHCHECK /m);
  });

  it("the static image holds every module its server imports (Node's built-ins only besides)", () => {
    const copied = [...(stages.get('static') ?? '').matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap((m) => {
      const parts = (m[1] as string).trim().split(/\s+/);
      return parts.slice(0, -1);
    });
    const missing: string[] = [];
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      if (!copied.includes(file) && !copied.some((source) => file.startsWith(`${source}/`))) missing.push(file);
      for (const [, specifier] of fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^import [^;]*? from '([^']+)';$/gms)) {
        if (specifier!.startsWith('node:')) continue;
        expect(specifier).toMatch(/^\./);
        visit(path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier!)));
      }
    };
    visit('deploy/static/server.mjs');
    expect(seen.size).toBeGreaterThan(4);
    expect(missing).toEqual([]);
  });

  it('bakes in no secret (they come from the orchestrator at run time)', () => {
    const baked = /^\s*(?:ENV\s+|ARG\s+)?[A-Z_]*(SECRET|TOKEN|PASSWORD|API_KEY|DATABASE_URL)\s*=/m;
    // The check itself catches a baked-in secret.
    for (const line of ['ENV JWT_SECRET=abc', '    OPERATOR_TOKEN=x \\', 'ARG DATABASE_URL=postgres://']) expect(line).toMatch(baked);
    expect(text).not.toMatch(baked);
  });
});

it('every YAML file under deploy/ parses', () => {
  const yamlFiles = fs.readdirSync(__dirname, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml'));
  expect(yamlFiles.length).toBeGreaterThan(10);
  for (const file of yamlFiles) expect(() => readYaml(path.join(__dirname, file))).not.toThrow();
});
