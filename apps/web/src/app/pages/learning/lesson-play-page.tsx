import { ArrowLeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Progress, Result, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { BUY_STUDENT_CARD_MESSAGE } from '@app/contracts/common/errors';
import { formatDuration, type WatchReportBody } from '@app/contracts';
import { AccessPrompt } from '@/features/courses/components/access-prompt';
import { LessonList } from '@/features/courses/components/lesson-list';
import { playPath } from '@/features/courses/lib/course-paths';
import { beaconReport, learningApi } from '@/features/learning/api/learning-api';
import { useCourseOutline, useLesson } from '@/features/learning/api/use-learning';
import { LessonQuestions } from '@/features/learning/components/lesson-questions';
import { LessonTranscript } from '@/features/learning/components/lesson-transcript';
import { LessonVideo, type LessonVideoHandle } from '@/features/learning/components/lesson-video';
import { NotesPanel } from '@/features/learning/components/notes-panel';
import { PresencePrompt } from '@/features/learning/components/presence-prompt';
import { createPlaybackClock } from '@/features/learning/lib/playback-clock';
import type { ProgressReport } from '@/features/learning/lib/progress-reporter';
import { usePresenceCheck } from '@/features/learning/lib/use-presence-check';
import { useIsPhone } from '@/shared/hooks/use-is-phone';
import { isApiError } from '@/shared/lib/api-client';
import { useSessionStore } from '@/shared/lib/session/session-store';
import './lesson-play-page.css';

// A lesson's comments are one of the phone's tabs; they load when the tab is first opened.
const CommentSection = lazy(() =>
  import('@/features/comments/components/comment-section').then((m) => ({ default: m.CommentSection })),
);

function positiveInt(raw: string | undefined | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** True for the server's "no access to this lesson" answer (members-only or paid, '请购买学员卡'). */
function isNoAccess(err: unknown): boolean {
  return isApiError(err) && (err.code === 403 || err.message.includes(BUY_STUDENT_CARD_MESSAGE));
}

/**
 * /train/play/{courseId}/{lessonId} (login required): the video with resume and speed, lesson progress, the
 * lesson list, questions and time-stamped notes. Combines the courses and learning features (ARCHITECTURE 9).
 */
export default function LessonPlayPage() {
  const params = useParams();
  const courseId = positiveInt(params.courseId);
  const lessonId = positiveInt(params.lessonId);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const outline = useCourseOutline(courseId);
  const lesson = useLesson(lessonId);
  const videoRef = useRef<LessonVideoHandle>(null);
  const [live, setLive] = useState<{ lessonId: number; percent: number; finished: boolean } | null>(null);
  const isPhone = useIsPhone();
  // The video's position for the transcript's current line (see playback-clock.ts).
  const [clock] = useState(createPlaybackClock);
  const [sideTab, setSideTab] = useState<string | null>(null);
  const [phoneTab, setPhoneTab] = useState<string | null>(null);
  // The presence check (学习确认): the server schedules and enforces it; the page asks and answers.
  const presence = usePresenceCheck({
    lessonId,
    initial: lesson.data?.presence,
    player: () => videoRef.current,
    confirm: (nonce) => learningApi.confirmPresence({ lesson_id: lessonId, nonce }),
  });

  // Learning changes the course page, my courses and the ranking: refresh them when leaving the lesson.
  useEffect(
    () => () => {
      // The lesson (resume position, signed video URL) is read fresh on the next visit.
      queryClient.removeQueries({ queryKey: ['learning', 'lesson', lessonId], exact: true });
      void queryClient.invalidateQueries({ queryKey: ['courses'] });
      void queryClient.invalidateQueries({ queryKey: ['learning', 'course'] });
      void queryClient.invalidateQueries({ queryKey: ['learning', 'my-courses'] });
      void queryClient.invalidateQueries({ queryKey: ['learning', 'rank'] });
    },
    [lessonId, queryClient],
  );

  if (!courseId || !lessonId) return <Result status="404" title="课时不存在" extra={<Link to="/train">返回课程中心</Link>} />;

  const course = outline.data;
  const data = lesson.data;
  // A ?t= second (from a note in the centre) wins over the saved position.
  const jumpTo = search.get('t');
  const startAt = jumpTo !== null && Number.isFinite(Number(jumpTo)) ? Number(jumpTo) : (data?.progress.position ?? 0);
  const progress = live && live.lessonId === lessonId ? live : data ? { percent: data.progress.percent, finished: data.progress.finished } : null;

  function toBody(r: ProgressReport): WatchReportBody {
    return { lesson_id: lessonId, position: r.position, played_seconds: r.played, state: r.state };
  }

  function report(r: ProgressReport) {
    learningApi.report(toBody(r)).then(
      (res) => {
        presence.update(res.presence);
        setLive({ lessonId, percent: res.percent, finished: res.lesson_finished });
        if (res.lesson_finished && !progress?.finished) {
          message.success(res.course_finished ? '恭喜！您已完成本课程全部课时' : '本课时已完成');
          void queryClient.invalidateQueries({ queryKey: ['learning', 'course', courseId] });
        }
      },
      () => undefined,
    );
  }

  function jump(seconds: number) {
    videoRef.current?.seek(seconds);
    videoRef.current?.element()?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }

  let main;
  // While the lesson (its signed video URL) loads, the course's cover holds the video's place, as in the frame the
  // server drew (lesson-play-frame.tsx), so the picture does not blink away and back.
  if (lesson.isPending)
    main = course?.cover ? (
      <img className="play-page__poster" src={course.cover} alt="" width={1280} height={720} />
    ) : (
      <Skeleton.Node active className="play-page__video-skeleton" />
    );
  else if (lesson.isError)
    main = isNoAccess(lesson.error) && course ? (
      <div className="play-page__locked">
        <AccessPrompt course={course} />
      </div>
    ) : (
      <Result status="warning" title="课时暂时无法播放" subTitle={lesson.error.message} extra={<Link to={`/train/detail/${courseId}`}>返回课程</Link>} />
    );
  else
    main = (
      <>
        <LessonVideo
          key={lessonId}
          ref={videoRef}
          src={lesson.data.video_url}
          poster={course?.cover}
          startAt={startAt}
          maxRate={lesson.data.max_playback_rate}
          subtitles={lesson.data.subtitles}
          onTime={(t) => clock.set(t)}
          onReport={report}
          onBeacon={(r) => beaconReport(toBody(r), useSessionStore.getState().token)}
          overlay={
            presence.check && (
              <PresencePrompt
                key={presence.check.nonce}
                answerIn={presence.check.answerIn}
                paused={presence.check.paused}
                busy={presence.busy}
                onConfirm={() => void presence.answer()}
                onTimeout={presence.onTimeout}
              />
            )
          }
        />
        <div className="play-page__bar">
          <div className="play-page__lesson">
            <h1 className="play-page__title">
              第{lesson.data.sort}课时 · {lesson.data.title}
            </h1>
            <span className="play-page__duration">时长 {formatDuration(lesson.data.duration)}</span>
          </div>
          <div className="play-page__progress">
            <span>学习进度</span>
            <Progress
              aria-label="本课时学习进度"
              percent={progress?.percent ?? 0}
              size="small"
              status={progress?.finished ? 'success' : 'active'}
              format={(percent) => (progress?.finished ? '已完成' : `${percent ?? 0}%`)}
              className="play-page__progress-bar"
            />
          </div>
          <div className="play-page__nav">
            {lesson.data.prev_lesson_id && (
              <Button onClick={() => navigate(playPath(courseId, lesson.data.prev_lesson_id!))}>上一课时</Button>
            )}
            {lesson.data.next_lesson_id ? (
              <Button type="primary" onClick={() => navigate(playPath(courseId, lesson.data.next_lesson_id!))}>
                下一课时 <RightOutlined aria-hidden />
              </Button>
            ) : (
              <Button onClick={() => navigate(`/train/detail/${courseId}`)}>返回课程</Button>
            )}
          </div>
        </div>
      </>
    );

  const crumb = (
    <div className="play-page__crumb">
      <Link to={`/train/detail/${courseId}`}>
        <ArrowLeftOutlined aria-hidden /> {course?.title ?? data?.course_title ?? '返回课程'}
      </Link>
    </div>
  );
  const notes = data ? (
    <NotesPanel lessonId={lessonId} getTime={() => videoRef.current?.currentTime() ?? 0} onJump={jump} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="打开课时后可记笔记" />
  );
  // 文稿 beside the video (a phone: in the tabs below it), opened first when the lesson has captions.
  const track = data?.subtitles[0];
  const transcript = track ? <LessonTranscript key={track.url} track={track} clock={clock} onSeek={jump} /> : null;
  const transcriptTab = transcript ? [{ key: 'transcript', label: '文稿', children: transcript }] : [];
  const lessons = course ? (
    <LessonList
      compact
      loggedIn
      courseId={courseId}
      lessons={course.lessons}
      currentId={lessonId}
      onLocked={() => message.warning(course.price_type === 'paid' ? '该课时需购买课程后学习' : '该课时为会员专享，开通会员后即可学习')}
    />
  ) : (
    <Skeleton active />
  );

  // Phone (docs/decisions.md, one breakpoint): the video first at full width, then the lesson's bar, then the
  // catalogue, notes, questions and comments as tabs. The video keeps its place in the tree in both layouts, so
  // turning the phone (which crosses the breakpoint) does not restart it.
  return (
    <div className="page-container play-page">
      {!isPhone && crumb}
      <div className="play-page__layout">
        <div className="play-page__main">
          <div className={`play-page__stage${lesson.isPending ? ' is-pending' : ''}`}>{main}</div>
          {isPhone ? (
            <div className="play-page__phone">
              {crumb}
              <Tabs
                className="play-page__tabs"
                activeKey={phoneTab ?? (transcript ? 'transcript' : 'lessons')}
                onChange={setPhoneTab}
                items={[
                  ...transcriptTab,
                  { key: 'lessons', label: '课程目录', children: lessons },
                  { key: 'notes', label: '笔记', children: notes },
                  {
                    key: 'questions',
                    label: '课后习题',
                    children: data ? (
                      <LessonQuestions lessonId={lessonId} questions={data.questions} />
                    ) : (
                      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="打开课时后可做习题" />
                    ),
                  },
                  {
                    key: 'comments',
                    label: '评论',
                    children: (
                      <Suspense fallback={<Skeleton active avatar />}>
                        <CommentSection courseId={courseId} lessonId={lessonId} />
                      </Suspense>
                    ),
                  },
                ]}
              />
            </div>
          ) : (
            data && (
              <section className="play-page__card" aria-labelledby="play-questions-title">
                <h2 id="play-questions-title">课后练习</h2>
                <LessonQuestions lessonId={lessonId} questions={data.questions} />
              </section>
            )
          )}
        </div>
        {!isPhone && (
          <aside className="play-page__side">
            <Tabs
              activeKey={sideTab ?? (transcript ? 'transcript' : 'notes')}
              onChange={setSideTab}
              items={[
                ...transcriptTab,
                { key: 'notes', label: '笔记', children: notes },
                { key: 'lessons', label: `目录${course ? `（${course.lessons.length}）` : ''}`, children: lessons },
              ]}
            />
          </aside>
        )}
      </div>
    </div>
  );
}
