import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, authMessages, ok, usersRoutes } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { readUpload } from '../../lib/multipart-upload';
import { defineRoute } from '../../lib/define-route';
import { userOf } from '../../lib/auth';
import { AVATAR_KEY_PREFIX, AVATAR_URL_PREFIX, createUsersService } from './users.service';
import { registerStoredImageRoute } from '../../lib/stored-file';

/** Own profile, 关怀模式 and avatar upload; serves stored avatars. (The password change belongs to the auth module.) */
export const usersModule: AppModule = async (app, deps) => {
  const { guards } = deps;
  const users = createUsersService({ db: deps.db, clock: deps.clock, storage: deps.storage });
  const tags = ['users'];
  const opts = { tags, auth: guards.requireUser };

  // Only this module's scope parses multipart; one file, capped at the avatar limit.
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  defineRoute(app, usersRoutes.profile, async (request) => ok(await users.profile(userOf(request).id)), opts);

  defineRoute(
    app,
    usersRoutes.userSetting,
    async (request) =>
      ok(await users.updateSetting(userOf(request).id, request.body), authMessages.settingSaved),
    opts,
  );

  defineRoute(
    app,
    usersRoutes.careMode,
    async (request) => {
      const data = await users.setCareMode(userOf(request).id, request.body.enabled);
      return ok(data, data.care_mode ? authMessages.careModeOn : authMessages.careModeOff);
    },
    opts,
  );

  defineRoute(
    app,
    usersRoutes.avatar,
    async (request) => {
      const user = userOf(request);
      const { content } = await readUpload(request, {
        maxBytes: AVATAR_MAX_BYTES,
        required: authMessages.avatarRequired,
        tooLarge: authMessages.avatarTooLarge,
      });
      return ok(await users.saveAvatar(user.id, content), authMessages.avatarUploaded);
    },
    { ...opts, bodyLimit: AVATAR_MAX_BYTES + 64 * 1024 },
  );

  // Stored avatars: only names this module generates, with the type of the detected image, never sniffed.
  registerStoredImageRoute(app, {
    prefix: AVATAR_URL_PREFIX,
    storage: deps.storage,
    keyPrefix: AVATAR_KEY_PREFIX,
    ttlS: deps.config.storage.signedUrlTtlS,
    summary: '头像图片',
    tags,
  });
};
