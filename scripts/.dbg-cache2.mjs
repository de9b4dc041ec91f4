import { chromium } from 'playwright-core';
import { execSync } from 'node:child_process';
const exe = execSync('command -v chromium', { shell: '/bin/bash' }).toString().trim();
const browser = await chromium.launch({ executablePath: exe, args: ['--no-sandbox'] });
const ctx = await browser.newContext();
const page = await ctx.newPage();
await page.goto('http://localhost:3000/market');
await page.waitForTimeout(4000);
console.log(await page.evaluate(async () => {
  const out = { controller: !!navigator.serviceWorker.controller };
  const entry = 'http://localhost:3002/v/6c43e3272c0d7259/remoteEntry.js';
  const m = await fetch(new URL('mf-manifest.json', entry), { mode: 'cors' });
  out.manifest = m.status;
  const j = await m.json();
  const files = [];
  for (const e of j.exposes) for (const k of ['js', 'css']) for (const s of ['sync', 'async']) files.push(...(e.assets?.[k]?.[s] ?? []));
  out.bad = [];
  for (const f of new Set(files)) {
    const r = await fetch(new URL(f, entry), { mode: 'cors' }).catch((e) => ({ status: String(e) }));
    if (r.status !== 200) out.bad.push([f, r.status]);
  }
  out.n = files.length;
  return out;
}));
await browser.close();
