/**
 * 关怀模式 for the site's own stylesheets, done once at build time (vite's `css.postcss`): every `font-size` and every
 * grey text `color` of apps/web/src/**\/*.css is rewritten to follow three custom properties that are unset (the
 * original value applies) until `<html class="care-mode">` sets them (global.css):
 *
 *   font-size: 13px        ->  font-size: max(calc(13px * var(--care-font-scale, 1)), var(--care-font-min, 0px))
 *   font-size: 0.85em      ->  font-size: max(0.85em, var(--care-font-min, 0px))
 *   color: #8c8c8c         ->  color: var(--care-muted-text, #8c8c8c)
 *
 * So care mode enlarges text everywhere (18 px at least, headings a little larger too) and darkens secondary text,
 * without a second copy of some 80 stylesheets to keep in step. antd's own styles follow the care theme (theme.ts).
 */

export const CARE_FONT_SCALE_VAR = '--care-font-scale';
export const CARE_FONT_MIN_VAR = '--care-font-min';
export const CARE_MUTED_TEXT_VAR = '--care-muted-text';

/** A font size that scales: given in px or rem (also inside clamp(), min(), calc()). */
const ABSOLUTE_SIZE = /\d(px|rem)\b/;
/** A font size relative to its parent (already enlarged): only the floor applies. */
const RELATIVE_SIZE = /^\d*\.?\d+(em|%)$/;

/** The care-mode form of a `font-size` value, or null when it stays as it is (keywords, zero, variables). */
export function careFontSize(value: string): string | null {
  const v = value.trim();
  if (v.includes('var(')) return null;
  if (ABSOLUTE_SIZE.test(v)) {
    if (/^0+(\.0+)?(px|rem)$/.test(v)) return null; // font-size: 0 hides the gaps between inline blocks
    return `max(calc(${v} * var(${CARE_FONT_SCALE_VAR}, 1)), var(${CARE_FONT_MIN_VAR}, 0px))`;
  }
  if (RELATIVE_SIZE.test(v)) return `max(${v}, var(${CARE_FONT_MIN_VAR}, 0px))`;
  return null;
}

function parseColor(value: string): { r: number; g: number; b: number; a: number } | null {
  const v = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    return { r: parseInt(h.slice(0, 2), 16), g: parseInt(h.slice(2, 4), 16), b: parseInt(h.slice(4, 6), 16), a: 1 };
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)\s*(?:[,/]\s*([\d.]+%?))?\s*\)$/.exec(v);
  if (rgb) {
    const alpha = rgb[4] === undefined ? 1 : rgb[4].endsWith('%') ? parseFloat(rgb[4]) / 100 : parseFloat(rgb[4]);
    return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a: alpha };
  }
  return null;
}

/**
 * Whether a text colour is a mid grey meant as secondary text on a light background: nearly no hue, and (seen on
 * white) lighter than dark body text but darker than the pale greys of disabled controls and separators.
 */
export function isMutedGrey(value: string): boolean {
  const c = parseColor(value);
  if (!c) return false;
  const spread = Math.max(c.r, c.g, c.b) - Math.min(c.r, c.g, c.b);
  if (spread > 40) return false;
  // Composited over white.
  const lightness = ((c.r + c.g + c.b) / 3) * c.a + 255 * (1 - c.a);
  return lightness >= 70 && lightness <= 185;
}

/** The care-mode form of a text `color` value, or null when it stays. */
export function careTextColor(value: string): string | null {
  return isMutedGrey(value) ? `var(${CARE_MUTED_TEXT_VAR}, ${value.trim()})` : null;
}

/** The part of a PostCSS declaration the plugin touches. */
interface Declaration {
  prop: string;
  value: string;
  source?: { input?: { file?: string } };
}

/** The PostCSS plugin (vite.config.ts `css.postcss.plugins`). */
export function careModeCss() {
  return {
    postcssPlugin: 'app-care-mode',
    Declaration(decl: Declaration) {
      // The site's own stylesheets only; a package's CSS is left as its authors wrote it.
      if (decl.source?.input?.file?.includes('node_modules')) return;
      const prop = decl.prop.toLowerCase();
      const next = prop === 'font-size' ? careFontSize(decl.value) : prop === 'color' ? careTextColor(decl.value) : null;
      if (next !== null) decl.value = next;
    },
  };
}
careModeCss.postcss = true as const;
