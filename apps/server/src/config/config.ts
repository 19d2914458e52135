import path from 'node:path';
import v8 from 'node:v8';
import { z } from 'zod';
import { DEFAULT_SITE_NAME, SMS_MAX_PER_IP_PER_HOUR } from '@app/contracts';
import type { S3StorageConfig } from '../lib/storage/s3-storage';
import { defaultWebDistDir } from '../paths';

const MB = 1024 * 1024;

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
    // PostgreSQL pool: connections per process; how long opening one may take before the request answers 503;
    // how long a request waits for a busy pool's free connection while the database answers.
    DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_500),
    DB_POOL_WAIT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    // The embedded database's shared_buffers (PostgreSQL's 128 MB default is most of an idle process's memory; its
    // files are read through the operating system's cache anyway). Takes effect from the next start.
    PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
    // Slow clients: the whole header block, and the whole request (headers and body), must arrive within these.
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
    // Names this process in an `x-served-by` response header (several processes behind a proxy); unset: no header.
    INSTANCE_NAME: z
      .string()
      .trim()
      .regex(/^[\w.:-]{1,64}$/, 'letters, digits and . _ : - only')
      .optional(),
    // Load shedding: past these the process answers 503 with Retry-After instead of queueing (0: that check off).
    // Defaults: 1000 ms event-loop delay, 90% of V8's heap limit, no RSS limit; all off when NODE_ENV=test.
    LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    LOAD_SHED_MAX_HEAP_USED_MB: z.coerce.number().int().min(0).max(1_048_576).optional(),
    LOAD_SHED_MAX_RSS_MB: z.coerce.number().int().min(0).max(1_048_576).optional(),
    LOAD_SHED_RETRY_AFTER_S: z.coerce.number().int().min(1).max(3600).default(5),
    LOAD_SHED_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
    // Learning time is summed in memory and written this often (and on shutdown).
    LEARNING_FLUSH_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(1_000),
    // GET /metrics: answered to these client addresses/CIDRs (default loopback only) or with this bearer token.
    METRICS_ALLOW: z.string().trim().min(1).optional(),
    METRICS_TOKEN: z.string().trim().min(16, 'at least 16 characters').optional(),
    // Lesson video transcoding: Debian's ffmpeg; jobs run at once per process (0: none; default 1, 0 when NODE_ENV=test).
    FFMPEG_PATH: z.string().trim().min(1).default('/usr/bin/ffmpeg'),
    FFPROBE_PATH: z.string().trim().min(1).default('/usr/bin/ffprobe'),
    VIDEO_TRANSCODE_CONCURRENCY: z.coerce.number().int().min(0).max(8).optional(),
    // Demo accounts (known passwords) and the demo catalogue: on by default except in production.
    SEED_DEMO: z.enum(['true', 'false']).optional(),
    // Accounts (auth module): SMS provider, session lifetime, argon2id cost.
    SMS_PROVIDER: z.enum(['console', 'aliyun']).default('console'),
    ALIYUN_SMS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().trim().min(1).optional(),
    ALIYUN_SMS_SIGN_NAME: z.string().trim().min(1).optional(),
    ALIYUN_SMS_TEMPLATE_CODE: z.string().trim().min(1).optional(),
    // The weekly learning digest's notice template (optional: without it the digest goes to the message centre only).
    ALIYUN_SMS_NOTICE_TEMPLATE_CODE: z.string().trim().min(1).optional(),
    ALIYUN_SMS_TRAINING_INVITATION_TEMPLATE_CODE: z.string().trim().min(1).optional(),
    ALIYUN_SMS_TRAINING_DEADLINE_TEMPLATE_CODE: z.string().trim().min(1).optional(),
    // The weekly learning digest (credits module): on by default, off under NODE_ENV=test (tests run it directly).
    CREDITS_DIGEST: z.enum(['on', 'off']).optional(),
    TRAINING_REMINDERS: z.enum(['on', 'off']).optional(),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    // Codes sent per client address per hour (an office behind one address, or a test run, may need more).
    SMS_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(SMS_MAX_PER_IP_PER_HOUR),
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(8).optional(),
    ARGON2_TIME_COST: z.coerce.number().int().min(1).optional(),
    ARGON2_PARALLELISM: z.coerce.number().int().min(1).max(16).optional(),
    // Payment (members module): the sandbox by default; WeChat Pay (native QR) or Alipay (page pay) in production,
    // where it must be named (the sandbox takes no money, so it is never chosen for a production site by default).
    PAYMENT_PROVIDER: z.enum(['sandbox', 'wechat', 'alipay']).optional(),
    PUBLIC_BASE_URL: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/, 'must be an absolute http(s) URL without query')
      .optional(),
    WECHAT_PAY_MCH_ID: z.string().trim().min(1).optional(),
    WECHAT_PAY_APP_ID: z.string().trim().min(1).optional(),
    // The APIv3 key is used as the AES-256 key as is: exactly 32 bytes.
    WECHAT_PAY_API_V3_KEY: z
      .string()
      .refine((v) => Buffer.byteLength(v, 'utf8') === 32, 'must be exactly 32 bytes')
      .optional(),
    WECHAT_PAY_MCH_SERIAL_NO: z.string().trim().min(1).optional(),
    WECHAT_PAY_PRIVATE_KEY_PATH: z.string().trim().min(1).optional(),
    WECHAT_PAY_PLATFORM_PUBLIC_KEY_PATH: z.string().trim().min(1).optional(),
    // Serial number of the platform certificate, or the WeChat Pay public key id (PUB_KEY_ID_...).
    WECHAT_PAY_PLATFORM_SERIAL_NO: z.string().trim().min(1).optional(),
    ALIPAY_APP_ID: z.string().trim().min(1).optional(),
    ALIPAY_PRIVATE_KEY_PATH: z.string().trim().min(1).optional(),
    ALIPAY_PUBLIC_KEY_PATH: z.string().trim().min(1).optional(),
    ALIPAY_GATEWAY: z
      .string()
      .trim()
      .regex(/^https:\/\/[^?#\s]+$/, 'must be an https URL without query')
      .default('https://openapi.alipay.com/gateway.do'),
    // WeChat official account (web authorisation: bind, sign in inside WeChat, payer openid; JS-SDK share): off by
    // default; `wechat` calls WeChat; `sandbox` is a development stand-in page of our own (never in production).
    WECHAT_OA_MODE: z.enum(['off', 'wechat', 'sandbox']).default('off'),
    WECHAT_OA_APP_ID: z
      .string()
      .trim()
      .regex(/^wx[0-9a-zA-Z]{14,30}$/, 'an official-account AppID (wx...)')
      .optional(),
    WECHAT_OA_APP_SECRET: z.string().trim().min(16, 'at least 16 characters').optional(),
    // Binding asks for snsapi_userinfo (nickname and avatar, with the user's consent); false: snsapi_base only.
    WECHAT_OA_USERINFO: z.enum(['true', 'false']).default('true'),
    // Where api.weixin.qq.com is reached (a forward proxy with the whitelisted egress address, or a test double).
    WECHAT_API_BASE_URL: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^?#\s]+$/, 'must be an http(s) URL without query')
      .default('https://api.weixin.qq.com'),
    // File storage: the local disk under DATA_DIR (default), or an S3-compatible bucket (Aliyun OSS, Tencent COS,
    // MinIO, AWS S3). STORAGE_PUBLIC_BASE_URL: a CDN (or public-read bucket) in front of the public files.
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/?#\s]+\/?$/, 'must be an http(s) origin, e.g. https://oss-cn-hangzhou.aliyuncs.com')
      .optional(),
    S3_REGION: z.string().trim().regex(/^[\w-]{1,64}$/, 'a region name, e.g. oss-cn-hangzhou or ap-shanghai').default('us-east-1'),
    S3_BUCKET: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3-63 lower-case letters, digits, dots and hyphens')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
    S3_PREFIX: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9_][\w.-]*\/)+$/, 'path segments ending in /, e.g. training/')
      .optional(),
    STORAGE_PUBLIC_BASE_URL: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^?#\s]+$/, 'must be an absolute http(s) URL without query')
      .optional(),
    // Lifetime of the signed links to private files (paid videos, full magazines, scans, invoices), seconds.
    STORAGE_SIGNED_URL_TTL_S: z.coerce.number().int().min(10).max(86_400).default(300),
  })
  .superRefine((e, ctx) => {
    if (e.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!e[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when STORAGE_DRIVER=s3' });
      }
    }
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
    const paymentKeys = {
      sandbox: [],
      wechat: [
        'WECHAT_PAY_MCH_ID',
        'WECHAT_PAY_APP_ID',
        'WECHAT_PAY_API_V3_KEY',
        'WECHAT_PAY_MCH_SERIAL_NO',
        'WECHAT_PAY_PRIVATE_KEY_PATH',
        'WECHAT_PAY_PLATFORM_PUBLIC_KEY_PATH',
        'WECHAT_PAY_PLATFORM_SERIAL_NO',
      ],
      alipay: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_PATH', 'ALIPAY_PUBLIC_KEY_PATH'],
    } as const;
    if (e.NODE_ENV === 'production' && !e.PAYMENT_PROVIDER) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'required in production: wechat or alipay (sandbox only for a site that takes no real payments)',
      });
    }
    for (const key of paymentKeys[e.PAYMENT_PROVIDER ?? 'sandbox']) {
      if (!e[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `required when PAYMENT_PROVIDER=${e.PAYMENT_PROVIDER}`,
        });
    }
    if (e.WECHAT_OA_MODE === 'wechat') {
      for (const key of ['WECHAT_OA_APP_ID', 'WECHAT_OA_APP_SECRET'] as const) {
        if (!e[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when WECHAT_OA_MODE=wechat' });
      }
    }
    if (e.WECHAT_OA_MODE === 'sandbox' && e.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['WECHAT_OA_MODE'],
        message: 'sandbox is a development stand-in and never runs with NODE_ENV=production',
      });
    }
    // OWASP's argon2id minimum (m=19456 KiB, t=2) outside tests.
    if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_MS'],
        message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS',
      });
    }
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
  /** PostgreSQL pool size and connect (or wait-for-a-connection) timeout. */
  dbPool: { max: number; connectTimeoutMs: number; waitMs: number };
  /** shared_buffers of the embedded PGlite database, MB (applied from the next start). */
  pgliteSharedBuffersMb: number;
  /** Slow-client limits of the HTTP server. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number };
  /** Set: every response carries `x-served-by: <instanceName>`. */
  instanceName: string | undefined;
  /** Period of the learning-time buffer's writes, ms. */
  learningFlushIntervalMs: number;
  /** Load shedding thresholds (0: that check off), the Retry-After it answers, how often the load is sampled. */
  loadShedding: {
    maxEventLoopDelayMs: number;
    maxHeapUsedBytes: number;
    maxRssBytes: number;
    retryAfterSeconds: number;
    sampleIntervalMs: number;
  };
  /** Who may read GET /metrics: client addresses/CIDRs, or a bearer token. */
  metrics: { allow: string[]; token: string | undefined };
  /** Seed demo accounts and demo content on a fresh database (never by default in production). */
  seedDemo: boolean;
  /** Lesson video transcoding: binaries, and jobs this process runs at once (0: none; tests run the worker directly). */
  video: { ffmpegPath: string; ffprobePath: string; concurrency: number };
  /** SMS codes: `console` logs and keeps a dev outbox; `aliyun` sends through Dysms. */
  sms:
    | { provider: 'console' }
    | {
        provider: 'aliyun';
        accessKeyId: string;
        accessKeySecret: string;
        signName: string;
        templateCode: string;
        /** Notice template of the weekly learning digest; absent: no digest SMS. */
        noticeTemplateCode?: string;
      };
  /** Whether this process sends the weekly learning digest (CREDITS_DIGEST; off by default under NODE_ENV=test). */
  creditsDigest: boolean;
  /** Whether this process sends company-training deadline reminders (TRAINING_REMINDERS; off by default under NODE_ENV=test). */
  trainingReminders: boolean;
  sessionTtlMs: number;
  /** SMS codes sent per client address per hour. */
  smsMaxPerIpPerHour: number;
  /** argon2id cost; OWASP minimum by default, a cheap one when NODE_ENV=test and nothing is set. */
  passwordHash: { memoryCost: number; timeCost: number; parallelism: number };
  /** Absolute base URL of the site as payers and payment channels reach it, without a trailing slash. */
  publicBaseUrl: string;
  /** Payment channel; key paths are absolute. */
  payment: PaymentConfig;
  /** WeChat official account: web authorisation and JS-SDK signing. */
  wechat: WechatConfig;
  /** Where files are kept. */
  storage: StorageConfig;
}

export type StorageConfig = {
  /** Lifetime of signed links to private files, seconds. */
  signedUrlTtlS: number;
} & (
  | { driver: 'local' }
  | ({ driver: 's3' } & S3StorageConfig)
);

export type WechatConfig =
  | { mode: 'off' }
  | {
      mode: 'wechat' | 'sandbox';
      /** Official-account AppID (openids are per AppID). */
      appId: string;
      /** AppSecret; empty in the sandbox. */
      appSecret: string;
      /** Binding asks for snsapi_userinfo (nickname, avatar). */
      userInfo: boolean;
      /** Base URL of WeChat's server API (no trailing slash). */
      apiBaseUrl: string;
    };

/** The AppID the development stand-in uses when none is configured. */
export const SANDBOX_WECHAT_APP_ID = 'wx00000000sandbox0';

export type PaymentConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'wechat';
      mchId: string;
      appId: string;
      /** 32-byte APIv3 key (AES-256-GCM key of notification resources). */
      apiV3Key: string;
      /** Serial number of the merchant API certificate that matches the private key. */
      mchSerialNo: string;
      privateKeyPath: string;
      /** PEM public key of WeChat Pay (or the platform certificate). */
      platformPublicKeyPath: string;
      /** Platform certificate serial number or WeChat Pay public key id (the Wechatpay-Serial header). */
      platformSerialNo: string;
    }
  | {
      provider: 'alipay';
      appId: string;
      privateKeyPath: string;
      alipayPublicKeyPath: string;
      gateway: string;
    };

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

const SECRET_KEYS = new Set(['S3_SECRET_ACCESS_KEY', 'WECHAT_OA_APP_SECRET', 'WECHAT_PAY_API_V3_KEY', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'METRICS_TOKEN']);

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
    const details = result.error.issues.map((i) => {
      const key = String(i.path[0]);
      // Secrets never reach the log, not even when malformed.
      const shown = SECRET_KEYS.has(key) && cleaned[key] ? '"***"' : JSON.stringify(cleaned[key] ?? '');
      return `${key}=${shown}: ${i.message}`;
    });
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
    dbPool: { max: e.DB_POOL_MAX, connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS, waitMs: e.DB_POOL_WAIT_MS },
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    http: { headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS },
    instanceName: e.INSTANCE_NAME,
    learningFlushIntervalMs: e.LEARNING_FLUSH_INTERVAL_MS,
    loadShedding: {
      maxEventLoopDelayMs: e.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS ?? (e.NODE_ENV === 'test' ? 0 : 1_000),
      maxHeapUsedBytes:
        e.LOAD_SHED_MAX_HEAP_USED_MB !== undefined
          ? e.LOAD_SHED_MAX_HEAP_USED_MB * MB
          : e.NODE_ENV === 'test'
            ? 0
            : Math.floor(v8.getHeapStatistics().heap_size_limit * 0.9),
      maxRssBytes: (e.LOAD_SHED_MAX_RSS_MB ?? 0) * MB,
      retryAfterSeconds: e.LOAD_SHED_RETRY_AFTER_S,
      sampleIntervalMs: e.LOAD_SHED_SAMPLE_INTERVAL_MS,
    },
    metrics: {
      allow: (e.METRICS_ALLOW ?? '127.0.0.1,::1')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
      token: e.METRICS_TOKEN,
    },
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : e.NODE_ENV !== 'production',
    video: {
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
      // API tests run the worker themselves; a browser-test server sets it.
      concurrency: e.VIDEO_TRANSCODE_CONCURRENCY ?? (e.NODE_ENV === 'test' ? 0 : 1),
    },
    sms:
      e.SMS_PROVIDER === 'aliyun'
        ? {
            provider: 'aliyun' as const,
            accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID!,
            accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET!,
            signName: e.ALIYUN_SMS_SIGN_NAME!,
            templateCode: e.ALIYUN_SMS_TEMPLATE_CODE!,
            ...(e.ALIYUN_SMS_NOTICE_TEMPLATE_CODE ? { noticeTemplateCode: e.ALIYUN_SMS_NOTICE_TEMPLATE_CODE } : {}),
            ...(e.ALIYUN_SMS_TRAINING_INVITATION_TEMPLATE_CODE ? { trainingInvitationTemplateCode: e.ALIYUN_SMS_TRAINING_INVITATION_TEMPLATE_CODE } : {}),
            ...(e.ALIYUN_SMS_TRAINING_DEADLINE_TEMPLATE_CODE ? { trainingDeadlineTemplateCode: e.ALIYUN_SMS_TRAINING_DEADLINE_TEMPLATE_CODE } : {}),
          }
        : { provider: 'console' as const },
    creditsDigest: e.CREDITS_DIGEST ? e.CREDITS_DIGEST === 'on' : e.NODE_ENV !== 'test',
    trainingReminders: e.TRAINING_REMINDERS ? e.TRAINING_REMINDERS === 'on' : e.NODE_ENV !== 'test',
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 3_600_000,
    smsMaxPerIpPerHour: e.SMS_MAX_PER_IP_PER_HOUR,
    passwordHash: {
      memoryCost: e.ARGON2_MEMORY_KIB ?? (e.NODE_ENV === 'test' ? 64 : 19456),
      timeCost: e.ARGON2_TIME_COST ?? (e.NODE_ENV === 'test' ? 1 : 2),
      parallelism: e.ARGON2_PARALLELISM ?? 1,
    },
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    payment: paymentConfig(e, cwd),
    wechat:
      e.WECHAT_OA_MODE === 'off'
        ? { mode: 'off' as const }
        : {
            mode: e.WECHAT_OA_MODE,
            appId: e.WECHAT_OA_APP_ID ?? SANDBOX_WECHAT_APP_ID,
            appSecret: e.WECHAT_OA_APP_SECRET ?? '',
            userInfo: e.WECHAT_OA_USERINFO === 'true',
            apiBaseUrl: e.WECHAT_API_BASE_URL.replace(/\/+$/, ''),
          },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3' as const,
            signedUrlTtlS: e.STORAGE_SIGNED_URL_TTL_S,
            endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            prefix: e.S3_PREFIX ?? '',
            publicBaseUrl: e.STORAGE_PUBLIC_BASE_URL?.replace(/\/+$/, ''),
          }
        : { driver: 'local' as const, signedUrlTtlS: e.STORAGE_SIGNED_URL_TTL_S },
  });
}

function paymentConfig(e: z.infer<typeof envSchema>, cwd: string): PaymentConfig {
  switch (e.PAYMENT_PROVIDER ?? 'sandbox') {
    case 'wechat':
      return {
        provider: 'wechat',
        mchId: e.WECHAT_PAY_MCH_ID!,
        appId: e.WECHAT_PAY_APP_ID!,
        apiV3Key: e.WECHAT_PAY_API_V3_KEY!,
        mchSerialNo: e.WECHAT_PAY_MCH_SERIAL_NO!,
        privateKeyPath: path.resolve(cwd, e.WECHAT_PAY_PRIVATE_KEY_PATH!),
        platformPublicKeyPath: path.resolve(cwd, e.WECHAT_PAY_PLATFORM_PUBLIC_KEY_PATH!),
        platformSerialNo: e.WECHAT_PAY_PLATFORM_SERIAL_NO!,
      };
    case 'alipay':
      return {
        provider: 'alipay',
        appId: e.ALIPAY_APP_ID!,
        privateKeyPath: path.resolve(cwd, e.ALIPAY_PRIVATE_KEY_PATH!),
        alipayPublicKeyPath: path.resolve(cwd, e.ALIPAY_PUBLIC_KEY_PATH!),
        gateway: e.ALIPAY_GATEWAY,
      };
    default:
      return { provider: 'sandbox' };
  }
}
