import { chromium } from 'playwright-core';
import { startBuiltServer } from './server.mjs';

const server = await startBuiltServer('/work/main');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const width of [375, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
    for (const p of ['/', '/about', '/auth']) {
      await page.goto(server.baseUrl + p, { waitUntil: 'networkidle' });
      await page.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 400) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 60)); } window.scrollTo(0, 0); });
      await page.waitForTimeout(800);
      const name = p === '/' ? 'home' : p.slice(1);
      await page.screenshot({ path: `/tmp/perf/shot-${name}-${width}.png`, fullPage: true });
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
