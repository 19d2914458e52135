export interface TextSegment {
  text: string;
  match: boolean;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Splits `text` into plain and matching segments for the search terms in `query` (split on whitespace,
 * case-insensitive). Rendering the segments as React children keeps user input out of the HTML parser.
 */
export function splitHighlight(text: string, query: string): TextSegment[] {
  if (!text) return [];
  const terms = [...new Set(query.trim().split(/\s+/).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (terms.length === 0) return [{ text, match: false }];
  const lower = new Set(terms.map((t) => t.toLowerCase()));
  const re = new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'i');
  return text
    .split(new RegExp(re.source, 'gi'))
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: lower.has(part.toLowerCase()) }));
}
