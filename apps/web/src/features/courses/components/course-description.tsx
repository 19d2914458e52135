import type { DescriptionBlock } from '@app/contracts';

/** The course's rich description as headings, paragraphs and lists (structured data, never raw HTML). */
export function CourseDescription({ blocks }: { blocks: DescriptionBlock[] }) {
  return (
    <div className="course-description">
      {blocks.map((b, i) => {
        if (b.type === 'heading') return <h3 key={i}>{b.text}</h3>;
        if (b.type === 'paragraph') return <p key={i}>{b.text}</p>;
        return (
          <ul key={i}>
            {b.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        );
      })}
    </div>
  );
}
