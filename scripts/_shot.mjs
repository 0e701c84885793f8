import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const shots = [
  ['/journal/', 390, 'journal-phone'],
  ['/journal/', 1366, 'journal-desktop'],
  ['/journal/sikh-wedding-gurdwara-dasmesh-darbar-surrey/', 390, 'post-phone'],
  ['/journal/sikh-wedding-gurdwara-dasmesh-darbar-surrey/', 1366, 'post-desktop'],
];
for (const [path, width, name] of shots) {
  const page = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : 900 } });
  await page.goto(`http://127.0.0.1:3000${path}`);
  await page.waitForTimeout(1500);
  await page.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise(r => setTimeout(r, 150)); } window.scrollTo(0, 0); });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
  await page.close();
}
await browser.close();
