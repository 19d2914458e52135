import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The accessibility check of a page: axe-core's WCAG 2.0, 2.1 and 2.2 rules of levels A and AA, keeping the violations
 * of impact serious or critical (docs/decisions.md), and the site's own rule that nothing a screen reader reads out is
 * an English name (antd's built-in labels, icon names): the product speaks Chinese.
 *
 * Each problem is one line naming the rule, its help text and the offending nodes (target and a short piece of HTML),
 * for the caller to prefix with the page (route, role, viewport).
 */

/** WCAG 2.0 / 2.1 / 2.2, levels A and AA (axe has no wcag22a tag: 2.2's only new A rules are tagged wcag22aa or not at all). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Impacts that fail the walk; minor and moderate findings are not checked (docs/decisions.md). */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Rules switched off, each with its reason (also in docs/decisions.md). Empty: every finding is fixed in the product.
 */
export const AXE_DISABLED_RULES: Record<string, string> = {};

const MAX_NODES = 5;

const short = (html: string, max = 160) => {
  const one = html.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max)}…` : one;
};

/** For a colour-contrast finding, the colours and ratios axe measured (empty for other rules). */
function contrastOf(checks: { data?: unknown }[]): string {
  const data = checks.find((c) => c.data && typeof c.data === 'object' && 'contrastRatio' in c.data)?.data as
    { fgColor: string; bgColor: string; contrastRatio: number; expectedContrastRatio: string } | undefined;
  return data
    ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}, needs ${data.expectedContrastRatio}]`
    : '';
}

/** English read out by a screen reader: the elements and attributes, in the page. */
function englishNamesInPage(): { target: string; html: string; text: string }[] {
  // A name made only of Latin letters, spaces and dashes (3 letters or more) is an English word or phrase ("search",
  // "clock-circle", "Increase Value", "Select all"). Product names and abbreviations the site uses as they are
  // (PDF, Excel, HLS) are allowed.
  const ENGLISH = /^[A-Za-z][A-Za-z \-_.]*[A-Za-z]$/;
  const ALLOWED = new Set([
    'PDF',
    'Excel',
    'HLS',
    'Word',
    'WebVTT',
    'SRT',
    'VTT',
    'PPT',
    'APP',
    'App',
    'QQ',
    'VIP',
  ]);
  const ATTRS = [
    'aria-label',
    'aria-roledescription',
    'aria-valuetext',
    'aria-placeholder',
    'title',
    'alt',
    'placeholder',
  ];
  const found: { target: string; html: string; text: string }[] = [];
  const selectorOf = (el: Element) => {
    const id = el.id ? `#${CSS.escape(el.id)}` : '';
    const cls =
      typeof el.className === 'string' && el.className.trim()
        ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
        : '';
    return `${el.tagName.toLowerCase()}${id}${cls}`;
  };
  const exposed = (el: Element) =>
    !el.closest('[aria-hidden="true"], [inert]') &&
    el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions);
  for (const el of document.querySelectorAll(ATTRS.map((a) => `[${a}]`).join(','))) {
    if (!exposed(el)) continue;
    for (const attr of ATTRS) {
      const value = el.getAttribute(attr)?.trim();
      if (!value || !ENGLISH.test(value) || ALLOWED.has(value)) continue;
      // A placeholder or title that merely shows an example value (an e-mail address, a URL) is not a name.
      if (/^(https?:|www\.)/.test(value)) continue;
      found.push({ target: selectorOf(el), html: el.outerHTML.slice(0, 300), text: `${attr}="${value}"` });
    }
  }
  return found;
}

/**
 * Runs the check on the page as it is now and returns one line per failing rule (empty when the page passes).
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const lines: string[] = [];
  // Only violations are collected (not passes or incomplete results). Legacy mode runs axe.run in the page (frames
  // reached by axe's own messaging) instead of runPartial + finishRun, which opens a blank page for every check: the
  // same findings in a third of the time (0.5-0.9 s instead of 1.6-2.2 s a page, measured on a busy 2-core machine).
  let builder = new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  const disabled = Object.keys(AXE_DISABLED_RULES);
  if (disabled.length > 0) builder = builder.disableRules(disabled);
  try {
    const results = await builder.analyze();
    for (const v of results.violations) {
      if (!v.impact || !FAILING_IMPACTS.has(v.impact)) continue;
      const nodes = v.nodes
        .slice(0, MAX_NODES)
        .map((n) => `${n.target.map(String).join(' >> ')} ${short(n.html)}${contrastOf(n.any)}`)
        .join('; ');
      const more = v.nodes.length > MAX_NODES ? ` (+${v.nodes.length - MAX_NODES} more)` : '';
      lines.push(`[axe ${v.id}, ${v.impact}] ${v.help}: ${v.nodes.length} node(s): ${nodes}${more}`);
    }
  } catch (err) {
    lines.push(`[axe] could not run: ${(err as Error).message.split('\n')[0]}`);
  }
  const english = await page.evaluate(englishNamesInPage).catch(() => []);
  if (english.length > 0) {
    const nodes = english
      .slice(0, MAX_NODES)
      .map((n) => `${n.target} ${n.text} ${short(n.html, 120)}`)
      .join('; ');
    const more = english.length > MAX_NODES ? ` (+${english.length - MAX_NODES} more)` : '';
    lines.push(
      `[zh-names] English name read out by screen readers (give it a Chinese name, or hide a decorative icon): ${english.length} node(s): ${nodes}${more}`,
    );
  }
  return lines;
}
