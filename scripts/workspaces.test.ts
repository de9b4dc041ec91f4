import fs from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const manifest = (folder: string) => JSON.parse(read(`${folder}/package.json`)) as { scripts?: Record<string, string> };
const TEAMS = ['shell', 'mfe-auth', 'mfe-market', 'mfe-farm', 'mfe-legal', 'contracts', 'shared', 'core-api', 'scripts'];

describe('each team works alone', () => {
  it('every team folder is a workspace', () => {
    expect((JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces).toEqual(expect.arrayContaining(TEAMS));
  });

  // npm ci checks the whole lock file, every workspace's manifest included.
  it('the images copy every workspace manifest before npm ci', () => {
    const dockerfile = read('Dockerfile');
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    expect(workspaces.filter((folder) => !dockerfile.includes(`COPY ${folder}/package.json ${folder}/`))).toEqual([]);
  });

  it.each(TEAMS)('%s has its own test and lint scripts, and its README says how to run them', (folder) => {
    const scripts = manifest(folder).scripts ?? {};
    expect(scripts.test).toBeDefined();
    expect(scripts.lint).toMatch(/eslint \. --max-warnings=0/);
    const tests = [scripts.test, scripts['test:unit']].join(' ');
    expect(tests).toMatch(new RegExp(`--selectProjects ${folder}(\\s|$)`));
    const readme = read(`${folder}/README.md`);
    expect(readme).toContain(`npm test -w ${folder}`);
    expect(readme).toContain(`npm run lint -w ${folder}`);
  });

  // The browser tests a remote runs alone: its standalone page, by a title that must name a test.
  it.each(['mfe-auth', 'mfe-market', 'mfe-farm', 'mfe-legal'])('%s runs its browser tests on its standalone page', (folder) => {
    const scripts = manifest(folder).scripts ?? {};
    expect(scripts.test).toContain('npm run test:e2e');
    const [, spec, title] = /scripts\/e2e\.mjs (\S+) --grep "([^"]+)"/.exec(scripts['test:e2e'] ?? '') ?? [];
    expect(spec).toBe('standalone.spec.ts');
    expect(read(`e2e/${spec}`)).toMatch(new RegExp(`test\\('${title}`));
  });
});
