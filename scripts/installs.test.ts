import fs from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..');

interface Manifest {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}

const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')) as T;
const root = read<Manifest>('package.json');
const workspaces = (root.workspaces ?? []).map((folder) => read<Manifest>(`${folder}/package.json`));

/** Whether a range of the forms the workspaces use (`^1.2.3`, `~1.2.3`, `1.2.3`, `>=1.2`, joined by `||`) admits a version. */
function admits(range: string, version: string): boolean {
  const parts = (text: string) => text.split('.').map((part) => Number(part));
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
    return 0;
  };
  const wanted = parts(version);
  return range.split('||').some((alternative) => {
    const match = /^\s*(\^|~|>=)?\s*(\d+(?:\.\d+){0,2})\s*$/.exec(alternative);
    if (!match) throw new Error(`Range form not understood: ${alternative}`);
    const [, operator, base = ''] = match;
    const floor = parts(base);
    if (compare(wanted, floor) < 0) return false;
    if (operator === '>=') return true;
    if (operator === '^') return floor[0] !== 0 ? wanted[0] === floor[0] : wanted[1] === floor[1];
    if (operator === '~') return wanted[0] === floor[0] && wanted[1] === (floor[1] ?? 0);
    return compare(wanted, floor) === 0;
  });
}

/** The lowest version a root range (`^18.3.1`) installs at the least. */
const floorOf = (range: string) => range.replace(/^[\^~]/, '');

describe('installs that reproduce', () => {
  it('reads ranges as npm does', () => {
    expect(admits('^18.3.1', '18.3.1')).toBe(true);
    expect(admits('^18.3.1', '19.0.0')).toBe(false);
    expect(admits('^18.0.0 || ^19.0.0', '19.2.0')).toBe(true);
    expect(admits('~5.104.5', '5.105.0')).toBe(false);
    expect(admits('>=18', '19.1.0')).toBe(true);
  });

  // Without the lock file npm hoists what the root declares; a workspace range that refuses it is ERESOLVE.
  it.each(['react', 'react-dom'])('the root declares the %s it hoists, and every workspace accepts it', (name) => {
    const declared = root.dependencies?.[name];
    expect(declared).toBeDefined();
    const refusing = workspaces.flatMap((workspace) =>
      [workspace.dependencies?.[name], workspace.peerDependencies?.[name]]
        .filter((range): range is string => range !== undefined && !admits(range, floorOf(declared ?? '')))
        .map((range) => `${workspace.name}: ${name}@${range}`),
    );
    expect(refusing).toEqual([]);
  });

  it('names every dependency with an install script in allowScripts, and denies the telemetry one', () => {
    const lock = read<{ packages: Record<string, { hasInstallScript?: boolean }> }>('package-lock.json');
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([where]) => where.replace(/^.*node_modules\//, ''));
    const policy = root.allowScripts ?? {};
    expect(withScripts.filter((name) => policy[name] === undefined)).toEqual([]);
    expect(policy['@scarf/scarf']).toBe(false);
    // By name only: a pinned entry would stop the script after every update until someone re-pins it.
    expect(Object.keys(policy).filter((name) => /.@/.test(name))).toEqual([]);
    expect(fs.readFileSync(path.join(REPO_ROOT, '.npmrc'), 'utf8')).toMatch(/^strict-allow-scripts=true$/m);
  });

  it('groups dependency updates', () => {
    const renovate = read<{ packageRules: { groupName?: string; matchPackageNames?: string[] }[] }>('renovate.json');
    const groupOf = (name: string) =>
      renovate.packageRules.find((rule) => rule.groupName && rule.matchPackageNames?.includes(name))?.groupName;
    expect(['react', 'webpack', '@module-federation/**', 'jest', '@types/**', 'eslint'].map(groupOf)).toEqual([
      'react',
      'webpack and module federation',
      'webpack and module federation',
      'jest',
      'types',
      'eslint and prettier',
    ]);
  });
});
