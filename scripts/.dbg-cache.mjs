import { chromium } from 'playwright-core';
import { execSync } from 'node:child_process';
const exe = execSync('command -v chromium', { shell: '/bin/bash' }).toString().trim();
const browser = await chromium.launch({ executablePath: exe, args: ['--no-sandbox'] });
const ctx = await browser.newContext();
const page = await ctx.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
await page.goto('http://localhost:3000/market');
await page.waitForTimeout(6000);
const dump = () => page.evaluate(async () => {
  const out = {};
  for (const k of await caches.keys()) out[k] = (await (await caches.open(k)).keys()).length;
  return out;
});
console.log(await dump());
await page.goto('http://localhost:3000/market');
await page.waitForTimeout(6000);
console.log(await dump());
await browser.close();
