import { describe, expect, it } from 'vitest';
import { createPasswordHasher, OWASP_ARGON2ID_PARAMS, TEST_ARGON2ID_PARAMS } from './password-hasher';

describe('password hasher', () => {
  it('hashes with argon2id and the configured cost, and verifies only the right password', async () => {
    const hasher = createPasswordHasher(TEST_ARGON2ID_PARAMS);
    const h = await hasher.hash('demo_1234');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await hasher.verify(h, 'demo_1234')).toBe(true);
    expect(await hasher.verify(h, 'demo_12345')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'demo_1234')).toBe(false);
    expect(await hasher.verifyDummy('demo_1234')).toBe(false);
  });

  it('asks for a rehash when the stored cost differs from the current one', async () => {
    const cheap = createPasswordHasher(TEST_ARGON2ID_PARAMS);
    const owasp = createPasswordHasher(OWASP_ARGON2ID_PARAMS);
    const h = await cheap.hash('demo_1234');
    expect(cheap.needsRehash(h)).toBe(false);
    expect(owasp.needsRehash(h)).toBe(true);
    expect(owasp.needsRehash('garbage')).toBe(true);
  });

  // How long a verification takes is the login benchmark's to measure (bench/login.bench.mjs), not a test's.
  it('hashes with the OWASP argon2id cost and verifies only the password it hashed', async () => {
    const hasher = createPasswordHasher(OWASP_ARGON2ID_PARAMS);
    const h = await hasher.hash('demo_1234');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(h, 'demo_1234')).toBe(true);
    expect(await hasher.verify(h, 'demo_1235')).toBe(false);
  });
});
