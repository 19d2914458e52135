import { describe, expect, it } from 'vitest';
import { COURSES, TAG_TREE } from './catalogue';

/** A space between two Chinese characters (a stray one: Chinese titles are written without word spaces). */
const STRAY_SPACE = /\p{Script=Han}\s+\p{Script=Han}/u;

describe('demo catalogue', () => {
  it('writes course, lesson and tag names without a space between Chinese characters', () => {
    const names = [
      ...COURSES.flatMap((c) => [c.title, ...c.lessons.map((l) => l.title)]),
      ...TAG_TREE.flatMap((t) => [t.name, ...t.children]),
    ];
    expect(names.filter((n) => STRAY_SPACE.test(n))).toEqual([]);
  });
});
