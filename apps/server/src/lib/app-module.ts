import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config/config';
import type { Db } from '../db/client';
import type { AuthGuards } from './auth';
import type { Clock } from './clock';
import type { Storage } from './storage/storage';

/** What the app is built from: configuration, database and time. */
export interface CoreDeps {
  config: Config;
  db: Db;
  clock: Clock;
}

/** What every module gets. Modules build their repositories and services from these. */
export interface AppDeps extends CoreDeps {
  /** Session guards (implemented by the auth module): modules protect routes without importing auth. */
  guards: AuthGuards;
  /** Where files are kept (the local disk or S3-compatible storage): every stored file goes through it. */
  storage: Storage;
}

/** The app as modules see it: zod schemas type the inline routes. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A module registers its routes (and module-local hooks) on its own encapsulated scope. */
export type AppModule = (app: App, deps: AppDeps) => void | Promise<void>;
