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

/** Words a trie node and its children end, each once (a word's end is the library's symbol key on its last node). */
function countWords(node: object): number {
  let n = Object.getOwnPropertySymbols(node).length > 0 ? 1 : 0;
  for (const child of Object.values(node)) if (child && typeof child === 'object') n += countWords(child as object);
  return n;
}

/**
 * What staff are told of the built-in list: how many words it holds, counted in the trie the filter really scans
 * (a word listed twice, or in two cases, counts once). The package's name and version stay out of the staff screen.
 */
export const FILTER_LIBRARY = { word_count: wordCount(library) };

/** The words a filter holds, each once as its trie stores them (noise characters dropped, letters lower-cased). */
export function wordCount(tool: SensitiveWordTool): number {
  return countWords((tool as unknown as { map: object }).map);
}

/** The words of the filter found in `text`, each once, in order of first appearance. */
export function matchSensitiveWords(text: string, extra: readonly string[], allowed: readonly string[]): string[] {
  const scanned = text + END;
  const found = new Set(library.match(scanned));
  if (extra.length) for (const w of new SensitiveWordTool({ wordList: [...extra] }).match(scanned)) found.add(w);
  const ok = new Set(allowed.map((w) => w.toLowerCase()));
  return [...found].filter((w) => !ok.has(w.toLowerCase()));
}
