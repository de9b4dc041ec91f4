import postcss from 'postcss';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { scopeRemoteCss } = require('./scope-remote-css.cjs') as { scopeRemoteCss(name: string): postcss.Plugin };

describe('scopeRemoteCss', () => {
  it('scopes utility rules to the remote area and leaves theme variables global', async () => {
    const input =
      '@layer theme { :root { --color-brand-600: green; } } @layer utilities { .grid { display: grid; } @media (width >= 64rem) { .lg\\:hidden { display: none; } } .a, .b:hover { color: red; } }';
    const { css } = await postcss([scopeRemoteCss('farm')]).process(input, { from: undefined });
    expect(css).toContain(':root { --color-brand-600: green; }');
    expect(css).toContain('[data-mf="farm"] .grid');
    expect(css).toContain('[data-mf="farm"] .lg\\:hidden');
    expect(css).toContain('[data-mf="farm"] .a, [data-mf="farm"] .b:hover');
  });
});
