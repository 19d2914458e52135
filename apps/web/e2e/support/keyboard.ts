import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, at most `max` times; fails naming everything that
 * had focus along the way, so a control the keyboard cannot reach says where focus went instead.
 */
export async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}): Promise<void> {
  await expect(target).toBeAttached();
  const visited: string[] = [];
  // Whether the target has focus and, told the way a person would name it, what has: tag, role, name (or text).
  const check = () =>
    target.evaluate((target) => {
      const el = document.activeElement;
      if (!el || el === document.body) return { hit: false, now: '（页面本身）' };
      const role = el.getAttribute('role');
      const labelledBy = el.getAttribute('aria-labelledby');
      const name =
        el.getAttribute('aria-label') ??
        (labelledBy ? document.getElementById(labelledBy.split(' ')[0]!)?.textContent : null) ??
        (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent || el.placeholder : null) ??
        el.textContent ??
        '';
      const now = `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> ${name.replace(/\s+/g, ' ').trim().slice(0, 24)}`;
      return { hit: el === target, now };
    });
  if ((await check()).hit) return;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const { hit, now } = await check();
    if (hit) return;
    visited.push(now);
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target}; focus went through:\n  ${visited.join('\n  ')}`);
}

/**
 * Right after a page load: the first Tab reaches the skip link, Enter takes focus to the main content (inside the
 * centre and the console, the screen past their menus), the way a keyboard user starts on a page.
 */
export async function skipToMain(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '跳到主要内容' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.matches('#main-content, [data-skip-target]') ?? false))
    .toBe(true);
}

/**
 * With focus on a select (role combobox), opens it with ArrowDown and moves down the options until the active one
 * (aria-activedescendant) is `option`, then chooses it with Enter.
 */
export async function chooseByArrows(page: Page, combobox: Locator, option: string, { max = 30 } = {}): Promise<void> {
  await expect(combobox).toBeFocused();
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('ArrowDown');
    const active = await combobox.evaluate((el) => {
      const id = el.getAttribute('aria-activedescendant');
      const node = id ? document.getElementById(id) : null;
      return (node?.getAttribute('aria-label') ?? node?.textContent ?? '').trim();
    });
    seen.push(active);
    if (active === option) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`ArrowDown did not reach the option ${option}; the active option went through: ${seen.join(', ')}`);
}
