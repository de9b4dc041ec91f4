import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Remote entries take slim-runtime/sdk-names.mjs where the bundler runtime imports @module-federation/sdk
// (create-config.mjs). These checks fail when an upgrade of @module-federation/enhanced asks the SDK for
// more, or changes how a name is decoded.
const root = path.resolve(__dirname, '../..');
const bundlerRuntimeDist = path.join(root, 'node_modules/@module-federation/webpack-bundler-runtime/dist');

describe("the bundler runtime's two SDK names", () => {
  it('are all it imports from @module-federation/sdk', () => {
    const wanted = new Set<string>();
    for (const name of readdirSync(bundlerRuntimeDist).filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(path.join(bundlerRuntimeDist, name), 'utf8');
      for (const match of text.matchAll(/import \{([^}]+)\} from "@module-federation\/sdk"/g))
        for (const item of (match[1] ?? '').split(',')) wanted.add(item.trim().split(/\s+as\s+/)[0] ?? '');
      expect([name, /import \* as \w+ from "@module-federation\/sdk"/.test(text)]).toEqual([name, false]);
    }
    expect([...wanted].sort()).toEqual(['ENCODE_NAME_PREFIX', 'decodeName']);
  });

  it("decode names as the SDK's own do", () => {
    const script = `
      const ours = await import(${JSON.stringify(path.join(__dirname, 'slim-runtime/sdk-names.mjs'))});
      const sdk = await import('@module-federation/sdk');
      const cases = [
        ['scope_shambasoko__market_routes'], ['ENCODE_NAME_PREFIXscope_shambasoko__shared_ui', sdk.ENCODE_NAME_PREFIX],
        ['plain', sdk.ENCODE_NAME_PREFIX], ['a___b____c', undefined], ['__federation_expose_routes.js', '', true],
        ['ENCODE_NAME_PREFIXmy_remote__x.js', sdk.ENCODE_NAME_PREFIX, true], [''],
      ];
      const out = cases.map((c) => [ours.decodeName(...c), sdk.decodeName(...c)]);
      process.stdout.write(JSON.stringify({ out, prefix: [ours.ENCODE_NAME_PREFIX, sdk.ENCODE_NAME_PREFIX] }));`;
    const { out, prefix } = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }),
    ) as {
      out: Array<[string, string]>;
      prefix: [string, string];
    };
    expect(prefix[0]).toBe(prefix[1]);
    for (const [ours, theirs] of out) expect(ours).toBe(theirs);
    expect(out[0]?.[0]).toBe('@shambasoko/market-routes');
  });
});
