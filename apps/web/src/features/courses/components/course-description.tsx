import type { DescriptionBlock } from '@app/contracts';

/**
 * The course's rich description: headings, paragraphs and lists of the demo catalogue, or the HTML staff wrote in the
 * editor, which the server stored only after its sanitiser kept the allowed tags (no scripts, styles or handlers).
 */
export function CourseDescription({ blocks }: { blocks: DescriptionBlock[] }) {
  return (
    <div className="course-description">
      {blocks.map((b, i) => {
        if (b.type === 'heading') return <h3 key={i}>{b.text}</h3>;
        if (b.type === 'paragraph') return <p key={i}>{b.text}</p>;
        if (b.type === 'html') return <div key={i} dangerouslySetInnerHTML={{ __html: b.html }} />;
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
