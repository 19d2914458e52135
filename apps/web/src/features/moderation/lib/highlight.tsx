import type { ReactNode } from 'react';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with each flagged word marked (case-insensitive, longest first); words split by noise characters stay plain. */
export function highlightWords(text: string, words: readonly string[]): ReactNode[] {
  const list = [...new Set(words.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!list.length) return [text];
  const re = new RegExp(`(${list.map(escape).join('|')})`, 'gi');
  return text.split(re).map((part, i) => (i % 2 === 1 ? <mark key={i} className="moderation-hit">{part}</mark> : part));
}
