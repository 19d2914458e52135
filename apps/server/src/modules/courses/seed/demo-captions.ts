// Chinese captions of the demo lessons: what the teacher would say in the lesson (greeting, the lesson's theme, its
// question and the key point, the course goal, the closing), timed across the clip's real duration.
import { vttTime, type SubtitleCue } from '../subtitles';
import { TEACHERS, type SeedCourse } from './catalogue';

/** A caption line fits two short lines on a phone. */
const MAX_CHARS = 24;
/** No cue shorter than this on screen. */
const MIN_CUE_SECONDS = 2.5;

/** Chinese text cut at its punctuation into caption-sized pieces (a clause longer than a caption is cut as it is). */
export function captionChunks(text: string): string[] {
  const clauses = text.match(/[^，。；：？！、]+[，。；：？！、]?/g) ?? [];
  const out: string[] = [];
  let cur = '';
  for (const clause of clauses) {
    if (cur && (cur + clause).length > MAX_CHARS) {
      out.push(cur);
      cur = '';
    }
    cur += clause;
    while (cur.length > MAX_CHARS) {
      out.push(cur.slice(0, MAX_CHARS));
      cur = cur.slice(MAX_CHARS);
    }
  }
  if (cur) out.push(cur);
  return out.map((c) => c.replace(/[，、；：]$/, '').trim()).filter(Boolean);
}

/** The cues of one demo lesson (`index` from 0), spread over `duration` seconds. */
export function demoCaptionCues(course: SeedCourse, index: number, duration: number): SubtitleCue[] {
  const lesson = course.lessons[index]!;
  const teacher = TEACHERS.find((t) => t.slug === course.teacher);
  const question = lesson.questions[0];
  const goal = course.goals[index % course.goals.length];
  const opening = [
    `各位学员好，我是${teacher ? `${teacher.name}老师` : '本课讲师'}`,
    `欢迎学习《${course.title}》`,
    `今天是第${index + 1}讲：${lesson.title}`,
  ];
  // Whole sentences only: a sentence that does not fit the clip is left out, never cut off.
  const sentences = [
    question ? captionChunks(`先来思考一个问题：${question.stem}`) : [],
    question ? captionChunks(question.explanation) : captionChunks(`本课程${course.summary}`),
    goal ? captionChunks(`学完本讲，希望大家能够${goal}`) : [],
  ];
  const closing = '本讲就到这里，请完成课后习题，我们下一讲再见';
  const room = Math.max(3, Math.floor((duration - 1) / MIN_CUE_SECONDS)) - opening.length - 1;
  const body: string[] = [];
  for (const sentence of sentences) if (body.length + sentence.length <= room) body.push(...sentence);
  const lines = [...opening, ...body, closing];
  const slot = (duration - 1) / lines.length;
  return lines.map((text, i) => {
    const start = Math.round((0.5 + i * slot) * 1000) / 1000;
    return { start, end: Math.round((start + slot - 0.2) * 1000) / 1000, text };
  });
}

export function cuesToVtt(cues: SubtitleCue[]): string {
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.text}\n`).join('\n')}`;
}
