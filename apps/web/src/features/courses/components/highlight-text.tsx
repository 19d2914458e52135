import { splitHighlight } from '../lib/highlight';

/** `text` with every occurrence of the search terms wrapped in <mark> (no HTML injection: plain React text). */
export function HighlightText({ text, query }: { text: string; query: string }) {
  return (
    <>
      {splitHighlight(text, query).map((seg, i) =>
        seg.match ? <mark key={i}>{seg.text}</mark> : <span key={i}>{seg.text}</span>,
      )}
    </>
  );
}
