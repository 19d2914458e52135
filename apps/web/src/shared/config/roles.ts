import type { Role } from '@app/contracts/users/users.schemas';

/** Role lists of SPEC §2 centre routes and menu entries. */
export const BOTH_ROLES: readonly Role[] = ['personal', 'company'];
export const PERSONAL_ONLY: readonly Role[] = ['personal'];
export const COMPANY_ONLY: readonly Role[] = ['company'];
