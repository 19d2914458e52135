import type { FastifyRequest } from 'fastify';
import type { Role } from '@app/contracts';
import { AppError } from './app-error';

/** The logged-in account a guard attached to a request. */
export interface AuthUser {
  id: number;
  phone: string;
  role: Role;
  isStaff: boolean;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guards (requireUser, requireStaff, optionalUser) from the `token` header. */
    user?: AuthUser;
  }
}

/** Name of the request header carrying the session token (SPEC §7). */
export const TOKEN_HEADER = 'token';

/**
 * The session guards every module uses, implemented by the auth module and handed to modules in `AppDeps`, so no
 * module imports auth to protect its routes: `const { requireUser } = deps.guards`, then `{ preHandler: requireUser }`.
 */
export interface AuthGuards {
  /** 406 '未登录' unless the `token` header holds a live session; sets `request.user`. */
  requireUser(request: FastifyRequest): Promise<void>;
  /** requireUser, then 403 unless the account is staff. */
  requireStaff(request: FastifyRequest): Promise<void>;
  /** Sets `request.user` when a live token is sent, never refuses (pages that differ for members). */
  optionalUser(request: FastifyRequest): Promise<void>;
}

/** The user a guard attached; 406 when the route forgot its guard (never trust a missing user). */
export function userOf(request: { user?: AuthUser }): AuthUser {
  if (!request.user) throw new AppError(406);
  return request.user;
}
