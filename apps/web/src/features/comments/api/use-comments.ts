import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentsQuery, CreateCommentBody } from '@app/contracts';
import { commentKeys, commentsApi } from './comments-api';

export function useComments(query: CommentsQuery) {
  return useQuery({ queryKey: commentKeys.list(query), queryFn: () => commentsApi.list(query), placeholderData: keepPreviousData });
}

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommentBody) => commentsApi.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.all }),
  });
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => commentsApi.remove(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.all }),
  });
}
