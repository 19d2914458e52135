/** Query keys of the recruiting area; a module of its own so the job post page needs no route descriptors. */
export const recruitingKeys = {
  all: ['recruiting'] as const,
  options: ['recruiting', 'options'] as const,
  company: ['recruiting', 'company'] as const,
  companyOverview: ['recruiting', 'company-overview'] as const,
  myPosts: (q: object) => ['recruiting', 'my-posts', q] as const,
  myPost: (id: number) => ['recruiting', 'my-post', id] as const,
  board: (q: object) => ['recruiting', 'board', q] as const,
  boardPost: (id: number) => ['recruiting', 'board-post', id] as const,
  sent: (q: object) => ['recruiting', 'sent', q] as const,
  received: (q: object) => ['recruiting', 'received', q] as const,
  resume: (kind: string, id: number) => ['recruiting', 'resume', kind, id] as const,
  talents: (q: object) => ['recruiting', 'talents', q] as const,
  recommend: ['recruiting', 'recommend'] as const,
  pool: (q: object) => ['recruiting', 'pool', q] as const,
  myTalentPool: ['recruiting', 'my-talent-pool'] as const,
  admin: (kind: string, q: object) => ['recruiting', 'admin', kind, q] as const,
};
