// Password hashing: argon2id in PHC format ($argon2id$v=19$m=...,t=...,p=...$salt$hash).
// Production uses the library's defaults (19 MiB, t=2, p=1); tests may pass a cheaper cost.
import { hash, verify, type Options } from '@node-rs/argon2';

export interface PasswordCost {
  memoryCost?: number;
  timeCost?: number;
  parallelism?: number;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, for unknown users (no timing-based enumeration). */
  dummyVerify(password: string): Promise<void>;
}

const ARGON2ID = 2 as NonNullable<Options['algorithm']>;

export function createPasswordHasher(cost: PasswordCost = {}): PasswordHasher {
  const options: Options = { algorithm: ARGON2ID, ...cost };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false; // malformed stored hash: never signs in
      }
    },
    async dummyVerify(password) {
      dummy ??= hash('not-a-real-password', options);
      await verify(await dummy, password).catch(() => false);
    },
  };
}
