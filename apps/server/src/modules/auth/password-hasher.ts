import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id cost. OWASP's minimum (m=19456 KiB, t=2, p=1) is the production default. */
export interface PasswordHashParams {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over memory. */
  timeCost: number;
  parallelism: number;
}

export const OWASP_ARGON2ID_PARAMS: PasswordHashParams = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** Cheap cost for the test suite only (argon2 floor: m >= 8*p KiB). Never use it for a running server. */
export const TEST_ARGON2ID_PARAMS: PasswordHashParams = { memoryCost: 64, timeCost: 1, parallelism: 1 };

// The package declares Algorithm as a const enum whose runtime object is empty; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

export interface PasswordHasher {
  readonly params: PasswordHashParams;
  hash(password: string): Promise<string>;
  /** False for a wrong password or a malformed hash; never throws for those. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verify, for unknown accounts (no timing oracle for registered phones). */
  verifyDummy(password: string): Promise<false>;
  /** True when the hash was made with other parameters than the current ones (rehash after a good login). */
  needsRehash(passwordHash: string): boolean;
}

export function createPasswordHasher(params: PasswordHashParams = OWASP_ARGON2ID_PARAMS): PasswordHasher {
  const options = { algorithm: ARGON2ID, ...params };
  let dummyHash: Promise<string> | undefined;

  const safeVerify = async (passwordHash: string, password: string): Promise<boolean> => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };

  return {
    params,
    hash: (password) => hash(password, options),
    verify: safeVerify,
    async verifyDummy(password) {
      dummyHash ??= hash('dummy-password-never-matches', options);
      await safeVerify(await dummyHash, password);
      return false;
    },
    needsRehash(passwordHash) {
      try {
        const o = parseOptions(passwordHash);
        return (
          o.algorithm !== ARGON2ID ||
          o.memoryCost !== params.memoryCost ||
          o.timeCost !== params.timeCost ||
          o.parallelism !== params.parallelism
        );
      } catch {
        return true;
      }
    },
  };
}
