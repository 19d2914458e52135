import { createRequire } from 'node:module';
import SensitiveWordTool from 'sensitive-word-tool';

/**
 * The sensitive-word filter: the `sensitive-word-tool` package's own Chinese word list (advertising, politics,
 * violence, pornography) plus staff's extra words, minus staff's allowed words. The library skips noise characters
 * between the characters of a word (代 开-发 票 matches 代开发票) and compares case-insensitively.
 */
const library = new SensitiveWordTool({ useDefaultWords: true });

/**
 * The library's `match` keeps its trie position when a scan reaches the end of the text, so a word that starts
 * inside an unfinished longer word near the end could be missed. A last character no word contains makes every
 * scan end with a miss, which resets the position.
 */
const END = '\u0000';

const pkg = createRequire(import.meta.url)('sensitive-word-tool/package.json') as { name: string; version: string };
export const FILTER_LIBRARY = { name: pkg.name, version: pkg.version };

/** The words of the filter found in `text`, each once, in order of first appearance. */
export function matchSensitiveWords(text: string, extra: readonly string[], allowed: readonly string[]): string[] {
  const scanned = text + END;
  const found = new Set(library.match(scanned));
  if (extra.length) for (const w of new SensitiveWordTool({ wordList: [...extra] }).match(scanned)) found.add(w);
  const ok = new Set(allowed.map((w) => w.toLowerCase()));
  return [...found].filter((w) => !ok.has(w.toLowerCase()));
}
