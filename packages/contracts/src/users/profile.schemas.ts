import { z } from 'zod';
import { GENDERS, POLITICAL_STATUSES } from '../common/dictionaries';
import { idCardSchema, passwordSchema } from '../common/rules';
import { authMessages, NICKNAME_MAX_LENGTH, REAL_NAME_MAX_LENGTH } from '../auth/auth.rules';
import { roleSchema } from './users.schemas';

/** The own profile for the settings page: GET /api/users/profile. */
export const profileSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  role: roleSchema,
  nickname: z.string().nullable(),
  /** Avatar URL (same origin, e.g. /uploads/avatars/<random>.png), null when none. */
  avatar: z.string().nullable(),
  real_name: z.string().nullable(),
  /** ID card number (SPEC §5 rule). */
  id_number: z.string().nullable(),
  /** 0 male, 1 female (GENDERS). */
  gender: z.number().int().nullable(),
  /** POLITICAL_STATUSES value. */
  political_status: z.number().int().nullable(),
  /** Company accounts only. */
  company_name: z.string().nullable(),
  /** Company accounts only: unified social credit code. */
  credit_code: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/**
 * POST /api/users/user_setting: profile fields only; a field left out is unchanged, null (or '') clears it.
 * Anything else in the body (role, is_member, phone, id ...) is ignored. The avatar is uploaded separately
 * (POST /api/users/avatar), the password changed with POST /api/users/change_password.
 */
export const userSettingBodySchema = z.object({
  nickname: optionalText(NICKNAME_MAX_LENGTH, authMessages.nicknameTooLong),
  real_name: optionalText(REAL_NAME_MAX_LENGTH, authMessages.realNameTooLong),
  id_number: z
    .union([z.literal(''), idCardSchema])
    .transform((v) => (v === '' ? null : v.toUpperCase()))
    .nullable()
    .optional(),
  gender: z
    .number()
    .int()
    .refine((v) => GENDERS.some((g) => g.value === v), authMessages.genderInvalid)
    .nullable()
    .optional(),
  political_status: z
    .number()
    .int()
    .refine((v) => POLITICAL_STATUSES.some((g) => g.value === v), authMessages.politicalStatusInvalid)
    .nullable()
    .optional(),
});
export type UserSettingBody = z.input<typeof userSettingBodySchema>;

/** POST /api/users/change_password (login required): the current session stays. */
export const changePasswordBodySchema = z.object({
  old_password: z.string({ error: authMessages.oldPasswordRequired }).min(1, authMessages.oldPasswordRequired).max(128),
  password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/**
 * Answer of POST /api/users/avatar: multipart/form-data with one file field `file` (PNG, JPEG, GIF or WebP by
 * content, at most AVATAR_MAX_BYTES). The new URL is saved on the account at once.
 */
export const avatarDataSchema = z.object({ avatar: z.string() });
export type AvatarData = z.infer<typeof avatarDataSchema>;
