// Screenshots to look at (e2e/screenshots is not committed): the whole page on
// a laptop and on a 390 px phone, shot with a window as tall as the page (a
// full-page shot would leave the sticky header where the window was), and the
// phone's first screenfuls one by one, readable at full size. Fails when the
// phone would have to scroll sideways.
import { expect, type Page } from '@playwright/test';

const PHONE = { width: 390, height: 844 };

export async function desktopAndPhone(page: Page, name: string, parts = 4) {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const tall = async (width: number) => {
    await page.setViewportSize({ width, height: 800 });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height });
    return height;
  };
  await tall(size.width);
  await page.screenshot({ path: `e2e/screenshots/${name}-desktop.png` });
  const height = await tall(PHONE.width);
  await page.screenshot({ path: `e2e/screenshots/${name}-phone.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} scrolls sideways on a phone`).toBeLessThanOrEqual(PHONE.width);
  for (let part = 0; part < Math.min(parts, Math.ceil(height / PHONE.height)); part++) {
    const clip = { x: 0, y: part * PHONE.height, width: PHONE.width, height: Math.min(PHONE.height, height - part * PHONE.height) };
    await page.screenshot({ path: `e2e/screenshots/${name}-phone-${part + 1}.png`, clip });
  }
  await page.setViewportSize(size);
}
