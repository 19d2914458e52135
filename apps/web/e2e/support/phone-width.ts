import { expect, type Page } from '@playwright/test';

/** The phone the phone specs hold: 390 x 844 CSS px, a touch screen, mobile Chromium's viewport rules. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/**
 * Nothing on the page scrolls it sideways: the document is no wider than the phone. `scrollWidth`, not
 * `innerWidth`, which mobile Chromium widens to fit a too-wide page.
 */
export async function expectFitsPhone(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${page.url()} is wider than the phone` })
    .toBeLessThanOrEqual(PHONE.viewport.width);
}
