/** Query keys of the content area. */
export const contentKeys = {
  all: ['content'] as const,
  problems: () => [...contentKeys.all, 'problems'] as const,
  commonData: () => [...contentKeys.all, 'common-data'] as const,
};
