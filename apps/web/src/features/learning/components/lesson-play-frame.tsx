import { preload } from 'react-dom';
import { useCourseOutline } from '@/features/learning/api/use-learning';

/**
 * The lesson player's frame as the server draws it (entry-server.tsx): the player needs the session, which lives in
 * the browser, so the server cannot draw the player itself; it draws what is the same for everyone, the course's
 * cover where the video will be and the course's name, from the public course data. The phone shows the lesson's
 * first picture before any JavaScript has run; the client then draws the player in its place (main.tsx does not
 * adopt this markup, `data-ssr-frame`). Plain markup with its own few rules: no antd, and the page's CSS comes
 * with the page's code.
 */
export function LessonPlayFrame({ courseId }: { courseId: number }) {
  const course = useCourseOutline(courseId).data;
  // The poster is fetched with the page's first requests, as a hero image would be.
  if (course?.cover) preload(course.cover, { as: 'image', fetchPriority: 'high' });
  return (
    <div className="page-container play-frame" data-ssr-frame="">
      <style>{FRAME_CSS}</style>
      {course && <p className="play-frame__title">{course.title}</p>}
      <div className="play-frame__layout">
        <div className="play-frame__stage">
          {/* A video with the cover as its poster, as the player's own, at the same place and size. */}
          {course?.cover ? (
            <video poster={course.cover} preload="none" muted playsInline aria-hidden="true" tabIndex={-1} />
          ) : (
            <div className="play-frame__blank" />
          )}
          {/* The room of the player's control bar (rates, full screen), so the video sits in its box as the player's
              does: a box that ends at the video's fractional bottom edge would clip its picture to a smaller
              rectangle than the player's, and the browser would count the player's identical picture as a new,
              larger paint (the page's Largest Contentful Paint). */}
          <div className="play-frame__bar" />
        </div>
      </div>
    </div>
  );
}

// The player's own layout (lesson-play-page.css), for the frame's few boxes: at a desk the course's name above the
// video's column and the side column's room beside it; on a phone the video edge to edge at the top.
const FRAME_CSS = `
.play-frame{padding-top:16px;padding-bottom:40px}
.play-frame__title{margin:0 0 12px;color:#4b5563;line-height:22px}
.play-frame__layout{display:grid;grid-template-columns:minmax(0,1fr) 360px;gap:20px}
.play-frame__stage{background:#0b1220;border-radius:10px 10px 0 0;overflow:hidden}
.play-frame__bar{height:43px;background:#111a2c}
.play-frame__stage video,.play-frame__blank{display:block;width:100%;aspect-ratio:16/9;background:#000}
@media (max-width:767px){.play-frame{display:flex;flex-direction:column;padding-top:0}.play-frame__layout{display:block}.play-frame__stage{margin:0 -12px;border-radius:0}.play-frame__bar{height:44px}.play-frame__title{order:2;margin:12px 0 0}}
`;
