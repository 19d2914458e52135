import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_LENGTH } from '@app/contracts';

/** A new session token: 256 random bits, base64url (43 characters). Only its hash is stored. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a session token: what the sessions table stores and looks up. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A 6-digit SMS code from the CSPRNG, leading zeros kept. */
export function generateSmsCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

/** Hash of a code bound to its phone and purpose, so a stored hash is useless for another phone or purpose. */
export function hashSmsCode(phone: string, purpose: string, code: string): string {
  return createHash('sha256').update(`${phone}\n${purpose}\n${code}`, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
