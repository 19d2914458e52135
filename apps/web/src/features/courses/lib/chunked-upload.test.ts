import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadState } from '@app/contracts';
import { ApiError } from '@/shared/lib/api-error';
import { uploadInChunks, type ChunkTransport } from './chunked-upload';

/** A server keeping the bytes it accepted; `failOnce` drops the answer of the nth chunk after storing it. */
function fakeServer(size: number, chunk: number, opts: { dropAnswerOf?: number } = {}) {
  const received: number[] = [];
  let offset = 0;
  let puts = 0;
  const state = (): UploadState => ({ id: 7, lesson_id: 3, size, offset, chunk_size: chunk, status: offset >= size ? 'complete' : 'uploading', job: null });
  const api: ChunkTransport = {
    start: vi.fn(async () => state()),
    state: vi.fn(async () => state()),
    put: vi.fn(async (_id, at, bytes, sha) => {
      puts++;
      expect(sha).toMatch(/^[0-9a-f]{64}$/);
      if (at !== offset) throw new ApiError(409, `上传位置不一致`, { offset });
      received.push(...new Uint8Array(bytes));
      offset += bytes.byteLength;
      if (puts === opts.dropAnswerOf) throw new ApiError(0, '网络状态不佳');
      return state();
    }),
  };
  return { api, received: () => received };
}

afterEach(() => {
  localStorage.clear();
});

describe('uploadInChunks', () => {
  it('sends every byte once, in order, even when the answer to a chunk is lost and the client asks where to resume', async () => {
    const bytes = Uint8Array.from({ length: 2_500 }, (_, i) => i % 251);
    const server = fakeServer(bytes.length, 1_000, { dropAnswerOf: 2 });
    const file = new File([bytes], 'lesson.mp4', { type: 'video/mp4' });
    const progress: number[] = [];
    const waits: number[] = [];
    const state = await uploadInChunks(server.api, 3, file, (p) => progress.push(p), undefined, async (ms) => {
      waits.push(ms);
    });
    expect(waits).toEqual([1_000]);
    expect(state.status).toBe('complete');
    expect(server.received()).toEqual([...bytes]);
    expect(server.api.state).toHaveBeenCalled();
    expect(progress.at(-1)).toBe(100);
    expect(localStorage.length).toBe(0);
  });

  it('gives up with the server message on a refusal that retrying cannot fix (not a video)', async () => {
    const api: ChunkTransport = {
      start: async () => ({ id: 9, lesson_id: 3, size: 10, offset: 0, chunk_size: 1_000, status: 'uploading', job: null }),
      state: async () => ({ id: 9, lesson_id: 3, size: 10, offset: 0, chunk_size: 1_000, status: 'failed', job: null }),
      put: async () => {
        throw new ApiError(415, '文件内容不是视频');
      },
    };
    const file = new File([new Uint8Array(10)], 'notes.mp4');
    await expect(uploadInChunks(api, 3, file, () => undefined)).rejects.toThrow('文件内容不是视频');
  });
});
