import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_NAME } from '@app/contracts';
import { ConfigError, loadConfig } from './config';
import { defaultWebDistDir } from '../paths';

describe('loadConfig', () => {
  it('applies the defaults, resolving DATA_DIR against the working directory', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: '/srv/app/data',
      siteName: DEFAULT_SITE_NAME,
      nodeEnv: 'development',
      logLevel: 'info',
      trustProxy: undefined,
      webDistDir: defaultWebDistDir,
    });
    expect(defaultWebDistDir).toBe(path.resolve(import.meta.dirname, '../../../web/dist'));
  });

  it('reads every key', () => {
    const c = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://u:p@db:5432/app',
        DATA_DIR: '/var/lib/app',
        SITE_NAME: '河南学习基地',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        WEB_DIST_DIR: 'web',
      },
      '/srv/app',
    );
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db:5432/app',
      dataDir: '/var/lib/app',
      siteName: '河南学习基地',
      nodeEnv: 'production',
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      webDistDir: '/srv/app/web',
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('rejects a bad PORT, naming the key', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('names every bad key at once and ignores unrelated variables', () => {
    try {
      loadConfig({ PORT: '-1', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', HOME: '/root' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).keys.sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
      expect((err as Error).message).toMatch(/^配置有误 \/ invalid configuration: /);
    }
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});

describe('demo seeding', () => {
  it('is on by default outside production, off in production, and SEED_DEMO overrides both', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });
});
