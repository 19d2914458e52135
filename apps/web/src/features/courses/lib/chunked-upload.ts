import { VIDEO_CHUNK_BYTES, type UploadState } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import { readBytes } from '@/shared/lib/read-blob';

/** What the uploader needs of the server (the staff API, or a fake in tests). */
export interface ChunkTransport {
  start(b: { lesson_id: number; file_name: string; size: number }): Promise<UploadState>;
  state(id: number): Promise<UploadState>;
  put(id: number, offset: number, bytes: ArrayBuffer, sha256: string): Promise<UploadState>;
}

async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(bytes));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const storageKey = (lessonId: number, file: File) => `course-upload:${lessonId}:${file.name}:${file.size}:${file.lastModified}`;
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 20_000];

/**
 * Sends a video in chunks of VIDEO_CHUNK_BYTES, each with its SHA-256. A dropped connection is retried after asking
 * the server how many bytes it has (the next chunk starts there); the upload id is remembered in localStorage, so
 * choosing the same file again after a reload continues where it stopped. `onProgress` gets 0-100.
 */
export async function uploadInChunks(
  api: ChunkTransport,
  lessonId: number,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<UploadState> {
  const key = storageKey(lessonId, file);
  let state: UploadState | null = null;
  const saved = Number(localStorage.getItem(key) ?? 0);
  if (saved > 0) {
    state = await api.state(saved).catch(() => null);
    if (state && state.status !== 'uploading') state = null;
  }
  state ??= await api.start({ lesson_id: lessonId, file_name: file.name, size: file.size });
  localStorage.setItem(key, String(state.id));
  let failures = 0;
  while (state.offset < state.size) {
    if (signal?.aborted) throw new DOMException('上传已取消', 'AbortError');
    onProgress(Math.floor((state.offset / state.size) * 100));
    const bytes = await readBytes(file.slice(state.offset, state.offset + Math.min(state.chunk_size, VIDEO_CHUNK_BYTES)));
    try {
      state = await api.put(state.id, state.offset, bytes, await sha256Hex(bytes));
      failures = 0;
    } catch (err) {
      // The server names the right offset (409), or the chunk was damaged (400): ask where to continue.
      const retryable = !isApiError(err) || err.code === 0 || err.code === -1 || err.code === 409 || err.code >= 500;
      const damaged = isApiError(err) && err.code === 400 && err.message.includes('校验');
      if (!(retryable || damaged) || failures >= RETRY_DELAYS_MS.length) {
        if (isApiError(err) && err.code !== 409) localStorage.removeItem(key);
        throw err;
      }
      await sleep(RETRY_DELAYS_MS[failures++]!);
      state = await api.state(state.id);
    }
  }
  localStorage.removeItem(key);
  onProgress(100);
  return state;
}
