import { test as base, type Page, type Response } from '@playwright/test';

export { expect } from '@playwright/test';

/** Waits until the client has drawn the page it loaded (`<html data-app>`, see src/app/main.tsx). */
export async function clientReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-app'));
}

async function readyAfter(page: Page, response: Response | null): Promise<Response | null> {
  if (response && /text\/html/.test(response.headers()['content-type'] ?? '')) await clientReady(page);
  return response;
}

/**
 * Playwright's `test` whose page waits, after `goto` and `reload` of an HTML page, until the client has taken over
 * the server-rendered markup. A person on a slow phone may tap a button before that, and nothing happens; a test
 * that clicks at once would be testing that gap, not the page.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitingForClient(page));
  },
});

/** Makes `goto` and `reload` of a page (e.g. one opened in another browser context) wait for the client. */
export function waitingForClient(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => readyAfter(page, await goto(url, options));
  page.reload = async (options) => readyAfter(page, await reload(options));
  return page;
}
