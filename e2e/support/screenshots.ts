import type { Page, TestInfo } from '@playwright/test';
import { keepScreenshot, screenshotsWanted } from './accessibility';

/** The widths every screen is looked at: a desktop and a phone. */
export const desktop = { width: 1440, height: 900 };
export const phone = { width: 390, height: 844 };

/** Keeps a screenshot at the desktop width and one at the phone width, then restores the size. */
export async function keepScreenshotsAtBothWidths(page: Page, testInfo: TestInfo, name: string) {
  if (!screenshotsWanted) return;
  const size = page.viewportSize();
  for (const [label, viewport] of [
    ['1440', desktop],
    ['390', phone],
  ] as const) {
    await page.setViewportSize(viewport);
    await keepScreenshot(page, testInfo, `${name}-${label}`);
  }
  if (size) await page.setViewportSize(size);
}
