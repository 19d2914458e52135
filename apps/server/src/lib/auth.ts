import type { FastifyRequest } from 'fastify';
import type { Permission, Role, StaffRole } from '@app/contracts';
import { AppError } from './app-error';

/** The logged-in account a guard attached to a request. */
export interface AuthUser {
  id: number;
  phone: string;
  role: Role;
  /** True when the account holds at least one staff role. */
  isStaff: boolean;
  /** Staff roles (empty for ordinary accounts); permissions follow from them (ROLE_PERMISSIONS). */
  staffRoles: readonly StaffRole[];
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

/** Who may call a route: any logged-in user, staff only, or anyone (the user is attached when a token is sent). */
export type GuardKind = 'user' | 'staff' | 'optional';

/**
 * A session check for one route, passed to `defineRoute` as `{ auth: guard }`. defineRoute runs it before the body
 * is parsed and validated (SPEC §8: a caller without a session gets 406 '未登录', never a field error first), and
 * marks the route as needing the `token` header in the OpenAPI document.
 */
export interface Guard {
  (request: FastifyRequest): Promise<void>;
  readonly kind: GuardKind;
  /** The token may come in the body (sendBeacon cannot set headers): run after parsing, still before validation. */
  readonly readsBody?: boolean;
  /** The staff permission the route needs (kind 'staff'); documented as the scope of `token` in OpenAPI. */
  readonly permission?: Permission;
}

/** Wraps a check as a Guard of the given kind. */
export function defineGuard(
  kind: GuardKind,
  check: (request: FastifyRequest) => Promise<void>,
  options: { readsBody?: boolean; permission?: Permission } = {},
): Guard {
  return Object.assign(check, { kind, ...options });
}

export function isGuard(hook: unknown): hook is Guard {
  return typeof hook === 'function' && typeof (hook as { kind?: unknown }).kind === 'string';
}

/**
 * The session guards every module uses, implemented by the auth module and handed to modules in `AppDeps`, so no
 * module imports auth to protect its routes: `const { requireUser } = deps.guards`, then `{ auth: requireUser }`.
 */
export interface AuthGuards {
  /** 406 '未登录' unless the `token` header holds a live session; sets `request.user`. */
  requireUser: Guard;
  /**
   * requireUser, then 403 unless the account's roles grant `permission` (ROLE_PERMISSIONS in contracts). Every staff
   * endpoint declares its permission this way: `{ auth: deps.guards.requirePermission('invoices') }`.
   */
  requirePermission(permission: Permission): Guard;
  /**
   * requireUser, then 403 unless the account holds any staff role. Only for what every staff role may do; a staff
   * endpoint of one kind of work takes requirePermission (the permission-matrix test refuses it otherwise).
   */
  requireStaff: Guard;
  /** Sets `request.user` when a live token is sent, never refuses (pages that differ for members). */
  optionalUser: Guard;
}

/** The user a guard attached; 406 when the route forgot its guard (never trust a missing user). */
export function userOf(request: { user?: AuthUser }): AuthUser {
  if (!request.user) throw new AppError(406);
  return request.user;
}
