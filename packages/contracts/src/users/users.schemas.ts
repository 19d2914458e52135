import { z } from 'zod';
import { authMessages } from '../auth/auth.rules';
import { permissionSchema, staffRoleSchema } from '../staff/staff.schemas';

export const ROLES = ['personal', 'company'] as const;
/** Account kind: personal (students, finance professionals) or company. */
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The logged-in user as returned by POST /api/users/get_current_user (SPEC §3 user info + study achievements). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  nickname: z.string().nullable(),
  /** Avatar URL, null when none uploaded. */
  avatar: z.string().nullable(),
  /** Unread message count for the header badge. */
  message_num: z.number().int(),
  is_member: z.boolean(),
  /** Membership end (ISO time), null when never a member. */
  member_end_at: z.string().nullable(),
  role: roleSchema,
  /** Staff may use the admin screens. */
  is_staff: z.boolean(),
  /** Staff roles (管理员, 财务 ...); empty for ordinary accounts. */
  staff_roles: z.array(staffRoleSchema),
  /** What the roles allow (the /admin menu shows these screens only). */
  permissions: z.array(permissionSchema),
  /** Study achievements (personal_achieve): star level 0 (none) to 5. */
  star_id: z.number().int(),
  /** Total learning time in seconds. */
  total_learn_time: z.number().int(),
  finish_course_num: z.number().int(),
  /** 关怀模式 saved on the account (large text, higher contrast); it wins over the browser's own choice on sign-in. */
  care_mode: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** PUT /api/users/care_mode: turns the account's 关怀模式 on or off. */
export const careModeBodySchema = z.object({
  enabled: z.boolean({ error: authMessages.careModeRequired }),
});
export type CareModeBody = z.infer<typeof careModeBodySchema>;

/** The account's 关怀模式 after the change. */
export const careModeDataSchema = z.object({ care_mode: z.boolean() });
export type CareModeData = z.infer<typeof careModeDataSchema>;
