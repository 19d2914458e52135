import { authMessages, type AvatarData, type CareModeData, type Profile, type userSettingBodySchema } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../../db/sql';
import { AVATAR_FILE_REGEX } from '../../lib/image-type';
import { removeStoredImage, storeImage } from '../../lib/image-store';
import type { Storage } from '../../lib/storage';
import { usersRepository as repo, type ProfileChanges } from './users.repository';

/** URL prefix under which stored avatars are served. */
export const AVATAR_URL_PREFIX = '/uploads/avatars/';
/** Storage key prefix of the avatars (the local disk: DATA_DIR/uploads/avatars). */
export const AVATAR_KEY_PREFIX = 'uploads/avatars/';

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: { db: Executor; clock: Clock; storage: Storage }) {
  const { db, clock, storage } = deps;

  return {
    async profile(userId: number): Promise<Profile> {
      const p = await repo.profile(db, userId);
      if (!p) throw new AppError(406);
      return p;
    },

    /** Saves only the profile fields the schema knows; a field left out stays as it was. */
    async updateSetting(userId: number, body: z.output<typeof userSettingBodySchema>): Promise<Profile> {
      const changes: ProfileChanges = {};
      if (body.nickname !== undefined) changes.nickname = body.nickname;
      if (body.real_name !== undefined) changes.realName = body.real_name;
      if (body.id_number !== undefined) changes.idNumber = body.id_number;
      if (body.gender !== undefined) changes.gender = body.gender;
      if (body.political_status !== undefined) changes.politicalStatus = body.political_status;
      const p = await repo.updateProfile(db, userId, changes, clock.now());
      if (!p) throw new AppError(406);
      return p;
    },

    /** Turns the account's 关怀模式 on or off; every session of the account reads it with the current user. */
    async setCareMode(userId: number, enabled: boolean): Promise<CareModeData> {
      if (!(await repo.setCareMode(db, userId, enabled, clock.now()))) throw new AppError(406);
      return { care_mode: enabled };
    },

    /** Stores an avatar whose content is a PNG, JPEG, GIF or WebP under a random name and saves its URL. */
    async saveAvatar(userId: number, content: Buffer): Promise<AvatarData> {
      const name = await storeImage(storage, AVATAR_KEY_PREFIX, content, 'avatar', { badType: authMessages.avatarBadType });
      const url = AVATAR_URL_PREFIX + name;
      const old = await repo.setAvatar(db, userId, url, clock.now());
      const oldName = old?.startsWith(AVATAR_URL_PREFIX) ? old.slice(AVATAR_URL_PREFIX.length) : null;
      if (oldName && AVATAR_FILE_REGEX.test(oldName)) await removeStoredImage(storage, AVATAR_KEY_PREFIX, oldName, 'avatar');
      return { avatar: url };
    },
  };
}
