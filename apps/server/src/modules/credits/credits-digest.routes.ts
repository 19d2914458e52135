import { creditDigestMessages as m, creditDigestRoutes as r, ok } from '@app/contracts';
import type { AppModule } from '../../lib/app-module';
import { userOf } from '../../lib/auth';
import { defineRoute } from '../../lib/define-route';
import { smsNotices } from '../auth';
import { createMessagesService } from '../messages';
import { DIGEST_INTERVAL_MS, createDigestSettings, createWeeklyDigest } from './credits-digest';

/**
 * The weekly learning digest (每周学习周报): the member's SMS opt-in, and the job every process runs every few
 * minutes (CREDITS_DIGEST, off under NODE_ENV=test, where tests call `run()` themselves); each learner's digest of a
 * week is sent once whichever process gets there (credits-digest.ts).
 */
export const creditsDigestModule: AppModule = async (app, deps) => {
  const settings = createDigestSettings({ db: deps.db, clock: deps.clock });
  const user = { tags: ['credits'], auth: deps.guards.requireUser };
  defineRoute(app, r.settings, async (request) => ok(await settings.get(userOf(request))), user);
  defineRoute(
    app,
    r.saveSettings,
    async (request) => ok(await settings.save(userOf(request), request.body.sms), request.body.sms ? m.smsOn : m.smsOff),
    user,
  );

  if (deps.config.creditsDigest) {
    const digest = createWeeklyDigest({
      db: deps.db,
      clock: deps.clock,
      messages: createMessagesService({ db: deps.db, clock: deps.clock }),
      sms: smsNotices(deps, app.log),
      log: app.log,
    });
    let running: Promise<unknown> | null = null;
    const tick = () => {
      if (running) return;
      running = digest
        .run()
        .catch((err: unknown) => app.log.error({ err }, 'weekly learning digest failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, DIGEST_INTERVAL_MS);
    timer.unref();
    // The first look a minute after start, so a process started on a Monday morning does not wait five minutes.
    const first = setTimeout(tick, 60_000);
    first.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearTimeout(first);
      digest.stop();
      await running;
    });
  }
};
