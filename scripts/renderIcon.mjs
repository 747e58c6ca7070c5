// Renders the Marketplace icon (media/icon.png, 128x128) from the activity bar's media/platform.svg,
// so the listing and the sidebar show the same mark. Run by hand when platform.svg changes:
//   node scripts/renderIcon.mjs [/path/to/chromium]
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const executablePath = process.argv[2] ?? '/usr/bin/chromium';
const glyph = readFileSync(new URL('../media/platform.svg', import.meta.url), 'utf8')
  .replace(/width="24" height="24"/, 'width="96" height="96"')
  .replace('stroke="currentColor"', 'stroke="#ffffff"');
const html = `<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:128px;height:128px;border-radius:24px;display:flex;align-items:center;justify-content:center;
background:linear-gradient(135deg,#2b6cb0,#153e75)">${glyph}</div></body></html>`;

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 1 });
  await page.setContent(html);
  const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: 128, height: 128 } });
  writeFileSync(new URL('../media/icon.png', import.meta.url), png);
} finally {
  await browser.close();
}
