import { expect, type Locator, type Page } from '@playwright/test';

/** Filling antd fields from browser tests: Select, Cascader and DatePicker, retried where a click can be lost. */

/** The open dropdown of a Select / Cascader (antd keeps closed ones in the DOM, hidden). */
export const openDropdown = (page: Page) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();

export async function pickCascader(page: Page, field: Locator, parent: string, leaves: string[]) {
  // Opening and choosing the parent is retried (a click during the dropdown's animation can be lost); the leaves
  // toggle, so each is clicked once.
  await expect(async () => {
    if ((await visibleDropdowns(page).count()) === 0) await field.click();
    await openDropdown(page).locator(`.ant-cascader-menu-item[title="${parent}"]`).click({ timeout: 2_000 });
    await expect(openDropdown(page).locator(`.ant-cascader-menu-item[title="${leaves[0]}"]`)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const dropdown = openDropdown(page);
  for (const leaf of leaves) await dropdown.locator(`.ant-cascader-menu-item[title="${leaf}"]`).click();
  await page.keyboard.press('Escape');
  await expect(visibleDropdowns(page)).toHaveCount(0);
}

export const visibleDropdowns = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/**
 * Picks an option of a Select (single, or `multiple` keeping the dropdown open) and waits until the select shows it
 * and no dropdown is left open. Under load a click can land while the dropdown is still animating or repositioning
 * and be lost, so the pick is retried until the select shows the value. `search` types the option into the select
 * first (a long list filtered as one types); `exact: false` matches an option that contains the text.
 */
export async function pickSelect(
  page: Page,
  field: Locator,
  option: string,
  { multiple = false, search = false, exact = true } = {},
) {
  const select = field.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    if ((await visibleDropdowns(page).count()) === 0) await field.click();
    if (!(await select.textContent())?.includes(option)) {
      if (search) await field.fill(option);
      await openDropdown(page)
        .locator('.ant-select-item-option')
        .filter({ hasText: exact ? new RegExp(`^${option}$`) : option })
        .first()
        .click({ timeout: 2_000 });
    }
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  // A multiple select stays open after a pick; Escape closes only the dropdown (the dialog stays).
  if (multiple && (await visibleDropdowns(page).count()) > 0) await page.keyboard.press('Escape');
  await expect(visibleDropdowns(page)).toHaveCount(0);
}

/** Types a date into an antd DatePicker and confirms it with Enter. */
export async function fillDate(page: Page, field: Locator, value: string) {
  await field.fill(value);
  await page.keyboard.press('Enter');
}
