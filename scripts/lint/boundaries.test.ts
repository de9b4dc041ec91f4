import path from 'node:path';
import { execFileSync } from 'node:child_process';

// boundaries.mjs is an ES module; jest here runs CommonJS, so the rule's verdicts are asked of a child process.
const rule = path.join(__dirname, 'boundaries.mjs');
function verdicts(pairs: Array<[string, string]>): Array<string | null> {
  const script = `const { violation } = await import(${JSON.stringify(rule)}); console.log(JSON.stringify(${JSON.stringify(pairs)}.map(([a, b]) => violation(a, b))));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as Array<string | null>;
}

describe('architecture boundaries', () => {
  it('refuses the wrong directions', () => {
    const refused = verdicts([
      ['mfe-market/src/features/cart/cart-page.tsx', 'mfe-farm/src/features/farms/api/get-farms'],
      ['shared/src/ui/button.tsx', 'shell/src/app'],
      ['shell/src/app.tsx', 'core-api/src/config'],
      ['mfe-farm/src/features/farms/farms-page.tsx', 'core-api/src/db/schema'],
      ['mfe-farm/src/features/farms/farms-page.tsx', 'mfe-farm/src/features/seasons/api/get-seasons'],
      ['mfe-auth/src/routes.tsx', 'shell/src/layout/menus'],
      ['core-api/src/modules/payments/service.ts', 'core-api/src/modules/market/fulfilments/steps'],
      ['core-api/src/modules/market/orders/service.ts', 'core-api/src/modules/payments/view'],
      // The API image carries no React (issue 44): core-api takes its shapes from @shambasoko/contracts only.
      ['core-api/src/app.ts', 'shared/src'],
      ['core-api/src/modules/farm/farms/routes.ts', 'shared/src/ui/button'],
      ['core-api/src/http/openapi.test.ts', 'shared/src/testing/mock-api'],
      ['contracts/src/money.ts', 'shared/src/i18n'],
      ['contracts/src/farm.ts', 'core-api/src/config'],
      // The shell's layers: app -> pages -> layout -> features -> lib, a feature alone.
      ['shell/src/features/remotes/remotes-provider.tsx', 'shell/src/app/head-start'],
      ['shell/src/features/offline/offline-panel.tsx', 'shell/src/features/remotes/remotes-provider'],
      ['shell/src/features/offline/offline-panel.tsx', 'shell/src/layout/use-dismiss'],
      ['shell/src/layout/dashboard-layout.tsx', 'shell/src/pages/landing-page'],
      ['shell/src/pages/landing-page.tsx', 'shell/src/app/app-area'],
      ['shell/src/lib/i18n.ts', 'shell/src/features/landing/i18n'],
      ['shell/src/lib/later.ts', 'shell/src/bootstrap'],
      ['shell/src/routing/server-data.tsx', 'shell/src/lib/later'],
    ]);
    expect(refused.every((why) => typeof why === 'string' && why.length > 0)).toBe(true);
  });

  it('allows the right ones', () => {
    expect(
      verdicts([
        ['mfe-farm/src/features/farms/farms-page.tsx', 'shared/src/ui/button'],
        ['mfe-farm/src/features/farms/farms-page.tsx', 'mfe-farm/src/features/farms/api/get-farms'],
        ['mfe-farm/src/features/farms/farms-page.tsx', 'mfe-farm/src/lib/filters/filter-state'],
        ['mfe-farm/src/pages/farm/farm-page.tsx', 'mfe-farm/src/features/seasons/api/get-seasons'],
        ['core-api/src/app.ts', 'contracts/src/farm'],
        ['core-api/src/app.ts', 'contracts/src/time'],
        ['shared/src/api/client.ts', 'contracts/src/envelope'],
        ['mfe-farm/src/features/farms/farms-page.tsx', 'contracts/src'],
        ['contracts/src/report-dates.ts', 'contracts/src/time/nairobi'],
        ['shell/src/app.tsx', 'shared/src/session/store'],
        ['core-api/src/modules/market/orders/service.ts', 'core-api/src/modules/payments'],
        ['core-api/src/modules/admin/orders/routes.ts', 'core-api/src/modules/market/index'],
        ['core-api/src/modules/market/orders/service.ts', 'core-api/src/modules/market/fulfilments/steps'],
        ['core-api/src/modules/payments/payments.test.ts', 'core-api/src/modules/market/orders/status'],
        ['core-api/src/app.ts', 'core-api/src/modules/payments/routes'],
        ['shell/src/bootstrap.tsx', 'shell/src/app/app'],
        ['shell/src/app/head-start.ts', 'shell/src/pages/landing-page'],
        ['shell/src/pages/landing-page.tsx', 'shell/src/layout/language-switcher'],
        ['shell/src/layout/offline-status.tsx', 'shell/src/features/offline/offline-panel'],
        ['shell/src/features/offline/offline-panel.tsx', 'shell/src/lib/use-dismiss'],
        ['shell/src/features/admin/remote-card.tsx', 'shell/src/features/admin/format'],
        ['shell/src/lib/i18n.ts', 'shell/src/locales/en.json'],
      ]),
    ).toEqual(Array(22).fill(null));
  });
});
