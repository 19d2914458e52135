import { open } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { assetVideosDir } from './media';
import { VIDEO_FILE_REGEX } from './media-signer';
import { courses, coursesLessons, coursesTeachers } from './courses.table';

/** Reads up to `length` bytes at `position` (fewer at the end, none past it). */
export type ByteReader = (position: number, length: number) => Promise<Buffer>;

/**
 * Seconds of an MP4 from its movie header (`mvhd`: timescale and duration), read in chunks so a long recording is
 * never loaded whole. Null when the file has no readable header.
 */
export async function mp4Duration(read: ByteReader): Promise<number | null> {
  let carry = Buffer.alloc(0);
  let pos = 0;
  for (;;) {
    const chunk = await read(pos, 1 << 20);
    if (chunk.length === 0) return null;
    const buf = Buffer.concat([carry, chunk]);
    const at = buf.indexOf('mvhd');
    if (at >= 0 && buf.length >= at + 32) {
      const v = buf[at + 4];
      const timescale = v === 1 ? buf.readUInt32BE(at + 24) : buf.readUInt32BE(at + 16);
      const duration = v === 1 ? Number(buf.readBigUInt64BE(at + 28)) : buf.readUInt32BE(at + 20);
      return timescale > 0 ? Math.round(duration / timescale) : null;
    }
    carry = buf.subarray(Math.max(0, buf.length - 64));
    pos += chunk.length;
  }
}

/** Seconds of a local MP4 file. */
export async function mp4FileDuration(file: string): Promise<number | null> {
  const fh = await open(file, 'r');
  try {
    return await mp4Duration(async (position, length) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await fh.read(buf, 0, length, position);
      return buf.subarray(0, bytesRead);
    });
  } finally {
    await fh.close();
  }
}

/** Seconds of a stored MP4 (read by ranges: on object storage only the header's neighbourhood is fetched). */
export async function storedMp4Duration(storage: Storage, key: string): Promise<number | null> {
  const info = await storage.stat(key);
  if (!info) return null;
  return mp4Duration(async (position, length) => {
    if (position >= info.size) return Buffer.alloc(0);
    const stream = await storage.stream(key, { start: position, end: Math.min(info.size, position + length) - 1 });
    if (!stream) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
    return Buffer.concat(chunks);
  });
}

/** A replay course of a live class: one lesson playing the recording, learned like any course. */
export function replayCourses(deps: { db: DbOrTx; storage: Storage }) {
  return {
    /**
     * Seconds of a lesson video (a recording kept in storage under `videos/`, or a committed demo clip), or null when
     * there is no such playable file.
     */
    async videoDuration(file: string): Promise<number | null> {
      if (!VIDEO_FILE_REGEX.test(file)) return null;
      const stored = await storedMp4Duration(deps.storage, `videos/${file}`).catch(() => null);
      if (stored && stored > 0) return stored;
      try {
        const d = await mp4FileDuration(path.join(assetVideosDir, file));
        if (d && d > 0) return d;
      } catch {
        /* not a demo clip */
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
