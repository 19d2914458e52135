import { open } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assetVideosDir } from './media';
import { VIDEO_FILE_REGEX } from './media-signer';
import { courses, coursesLessons, coursesTeachers } from './courses.table';

/**
 * Seconds of an MP4 from its movie header (`mvhd`: timescale and duration), read in chunks so a long recording is
 * never loaded whole. Null when the file has no readable header.
 */
export async function mp4Duration(file: string): Promise<number | null> {
  const fh = await open(file, 'r');
  try {
    const chunk = Buffer.alloc(1 << 20);
    let carry = Buffer.alloc(0);
    let pos = 0;
    for (;;) {
      const { bytesRead } = await fh.read(chunk, 0, chunk.length, pos);
      if (bytesRead === 0) return null;
      const buf = Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
      const at = buf.indexOf('mvhd');
      if (at >= 0 && buf.length >= at + 32) {
        const v = buf[at + 4];
        const timescale = v === 1 ? buf.readUInt32BE(at + 24) : buf.readUInt32BE(at + 16);
        const duration = v === 1 ? Number(buf.readBigUInt64BE(at + 28)) : buf.readUInt32BE(at + 20);
        return timescale > 0 ? Math.round(duration / timescale) : null;
      }
      carry = buf.subarray(Math.max(0, buf.length - 64));
      pos += bytesRead;
    }
  } finally {
    await fh.close();
  }
}

/** A replay course of a live class: one lesson playing the recording, learned like any course. */
export function replayCourses(deps: { db: DbOrTx; dataDir: string }) {
  const dirs = [path.join(deps.dataDir, 'videos'), assetVideosDir];
  return {
    /** Seconds of a lesson video in the video directories, or null when there is no such playable file. */
    async videoDuration(file: string): Promise<number | null> {
      if (!VIDEO_FILE_REGEX.test(file)) return null;
      for (const dir of dirs) {
        try {
          const d = await mp4Duration(path.join(dir, file));
          if (d && d > 0) return d;
        } catch {
          /* not in this directory */
        }
      }
      return null;
    },

    /** Adds the published course and its lesson (in the caller's transaction); returns the course id. */
    async create(
      tx: DbOrTx,
      v: {
        title: string;
        teacher: string;
        teacherTitle: string;
        photo: string;
        cover: string;
        summary: string;
        priceType: 'free' | 'member';
        videoFile: string;
        duration: number;
        now: Date;
      },
    ): Promise<number> {
      let [teacher] = await tx.select({ id: coursesTeachers.id }).from(coursesTeachers).where(eq(coursesTeachers.name, v.teacher)).limit(1);
      teacher ??= (
        await tx
          .insert(coursesTeachers)
          .values({ name: v.teacher, title: v.teacherTitle || '主讲老师', photo: v.photo })
          .returning({ id: coursesTeachers.id })
      )[0]!;
      const [course] = await tx
        .insert(courses)
        .values({
          title: v.title,
          cover: v.cover,
          summary: v.summary.slice(0, 200),
          description: [{ type: 'paragraph', text: v.summary }],
          teacherId: teacher.id,
          kind: 'video',
          priceType: v.priceType,
          price: 0,
          lessonCount: 1,
          totalDuration: v.duration,
          published: true,
          publishedAt: v.now,
          createdAt: v.now,
          updatedAt: v.now,
        })
        .returning({ id: courses.id });
      await tx.insert(coursesLessons).values({ courseId: course!.id, sort: 1, title: v.title, videoFile: v.videoFile, duration: v.duration });
      return course!.id;
    },
  };
}
export type ReplayCourses = ReturnType<typeof replayCourses>;
