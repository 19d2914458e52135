import {
  liveRoutes,
  type AdminLiveClass,
  type ChatMessage,
  type LiveClass,
  type LiveClassBody,
  type LiveList,
  type LiveListQuery,
  type LiveRoom,
} from '@app/contracts';
import { apiClient } from '@/shared/lib/api-client';

const withId = (path: string, id: number, messageId?: number) =>
  path.replace(':id', String(id)).replace(':messageId', String(messageId ?? ''));

export const liveKeys = {
  all: ['live'] as const,
  list: (tab: LiveListQuery['tab']) => ['live', 'list', tab] as const,
  room: (id: number) => ['live', 'room', id] as const,
  admin: ['live', 'admin'] as const,
};

export const liveApi = {
  list: (tab: LiveListQuery['tab']) => apiClient.get<LiveList>(liveRoutes.list.path, { tab }),
  room: (id: number) => apiClient.get<LiveRoom>(withId(liveRoutes.room.path, id)),
  book: (id: number) => apiClient.post<LiveClass>(withId(liveRoutes.book.path, id), undefined, { silent: true }),
  cancel: (id: number) => apiClient.delete<LiveClass>(withId(liveRoutes.cancel.path, id), { silent: true }),
  send: (id: number, body: string) => apiClient.post<ChatMessage>(withId(liveRoutes.chatSend.path, id), { body }, { silent: true }),
  attend: (id: number, seconds: number) =>
    apiClient.post<{ credited: number; watched_seconds: number }>(withId(liveRoutes.attendance.path, id), { seconds }, { silent: true }),

  adminList: () => apiClient.get<{ items: AdminLiveClass[] }>(liveRoutes.adminList.path),
  create: (body: LiveClassBody) => apiClient.post<AdminLiveClass>(liveRoutes.adminCreate.path, body, { silent: true }),
  update: (id: number, body: LiveClassBody) => apiClient.put<AdminLiveClass>(withId(liveRoutes.adminUpdate.path, id), body, { silent: true }),
  attachRecording: (id: number, recording: string) =>
    apiClient.put<AdminLiveClass>(withId(liveRoutes.adminRecording.path, id), { recording }, { silent: true }),
  pin: (id: number, messageId: number) => apiClient.post<null>(withId(liveRoutes.adminPin.path, id, messageId)),
  unpin: (id: number) => apiClient.delete<null>(withId(liveRoutes.adminUnpin.path, id)),
  remove: (id: number, messageId: number) => apiClient.delete<null>(withId(liveRoutes.adminRemove.path, id, messageId)),
};
