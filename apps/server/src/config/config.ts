import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SITE_NAME } from '@app/contracts';
import { defaultWebDistDir } from '../paths';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** TRUST_PROXY: "true"/"false", a hop count, or a comma-separated list of addresses/CIDRs (Fastify trustProxy). */
const trustProxySchema = z
  .string()
  .trim()
  .min(1)
  .transform((v): boolean | number | string[] => {
    if (v === 'true') return true;
    if (v === 'false') return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });

const envSchema = z
  .object({
    // 0 asks the OS for a free port (tests).
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    SITE_NAME: z.string().trim().min(1).default(DEFAULT_SITE_NAME),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    TRUST_PROXY: trustProxySchema.optional(),
    WEB_DIST_DIR: z.string().trim().min(1).optional(),
    // Demo accounts (known passwords) and the demo catalogue: on by default except in production.
    SEED_DEMO: z.enum(['true', 'false']).optional(),
    // Accounts (auth module): SMS provider, session lifetime, argon2id cost.
    SMS_PROVIDER: z.enum(['console', 'aliyun']).default('console'),
    ALIYUN_SMS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().trim().min(1).optional(),
    ALIYUN_SMS_SIGN_NAME: z.string().trim().min(1).optional(),
    ALIYUN_SMS_TEMPLATE_CODE: z.string().trim().min(1).optional(),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(8).optional(),
    ARGON2_TIME_COST: z.coerce.number().int().min(1).optional(),
    ARGON2_PARALLELISM: z.coerce.number().int().min(1).max(16).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.SMS_PROVIDER === 'aliyun') {
      for (const key of [
        'ALIYUN_SMS_ACCESS_KEY_ID',
        'ALIYUN_SMS_ACCESS_KEY_SECRET',
        'ALIYUN_SMS_SIGN_NAME',
        'ALIYUN_SMS_TEMPLATE_CODE',
      ] as const) {
        if (!e[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'required when SMS_PROVIDER=aliyun' });
      }
    }
    // OWASP's argon2id minimum (m=19456 KiB, t=2) outside tests.
    if (e.NODE_ENV === 'production' && (e.ARGON2_MEMORY_KIB ?? 19456) < 19456) {
      ctx.addIssue({ code: 'custom', path: ['ARGON2_MEMORY_KIB'], message: 'at least 19456 in production' });
    }
    if (e.NODE_ENV === 'production' && (e.ARGON2_TIME_COST ?? 2) < 2) {
      ctx.addIssue({ code: 'custom', path: ['ARGON2_TIME_COST'], message: 'at least 2 in production' });
    }
  });

export interface Config {
  port: number;
  host: string;
  /** Real PostgreSQL when set; otherwise the embedded PGlite under `dataDir/db`. */
  databaseUrl: string | undefined;
  /** Absolute path. */
  dataDir: string;
  siteName: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean | number | string[] | undefined;
  /** Absolute path of the built web app. */
  webDistDir: string;
  /** Seed demo accounts and demo content on a fresh database (never by default in production). */
  seedDemo: boolean;
  /** SMS codes: `console` logs and keeps a dev outbox; `aliyun` sends through Dysms. */
  sms:
    | { provider: 'console' }
    | {
        provider: 'aliyun';
        accessKeyId: string;
        accessKeySecret: string;
        signName: string;
        templateCode: string;
      };
  sessionTtlMs: number;
  /** argon2id cost; OWASP minimum by default, a cheap one when NODE_ENV=test and nothing is set. */
  passwordHash: { memoryCost: number; timeCost: number; parallelism: number };
}

export class ConfigError extends Error {
  constructor(
    readonly keys: string[],
    details: string[],
  ) {
    super(
      `配置有误 / invalid configuration: ${keys.join(', ')}\n` + details.map((d) => `  - ${d}`).join('\n'),
    );
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Parses the environment once; throws a ConfigError naming every bad key. Blank values count as unset. */
export function loadConfig(env: Env, cwd = process.cwd()): Config {
  const cleaned: Env = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') cleaned[key] = value;
  }
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const keys = [...new Set(result.error.issues.map((i) => String(i.path[0])))];
    const details = result.error.issues.map(
      (i) => `${String(i.path[0])}=${JSON.stringify(cleaned[String(i.path[0])] ?? '')}: ${i.message}`,
    );
    throw new ConfigError(keys, details);
  }
  const e = result.data;
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    siteName: e.SITE_NAME,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : defaultWebDistDir,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : e.NODE_ENV !== 'production',
    sms:
      e.SMS_PROVIDER === 'aliyun'
        ? {
            provider: 'aliyun' as const,
            accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID!,
            accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET!,
            signName: e.ALIYUN_SMS_SIGN_NAME!,
            templateCode: e.ALIYUN_SMS_TEMPLATE_CODE!,
          }
        : { provider: 'console' as const },
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 3_600_000,
    passwordHash: {
      memoryCost: e.ARGON2_MEMORY_KIB ?? (e.NODE_ENV === 'test' ? 64 : 19456),
      timeCost: e.ARGON2_TIME_COST ?? (e.NODE_ENV === 'test' ? 1 : 2),
      parallelism: e.ARGON2_PARALLELISM ?? 1,
    },
  });
}
