import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';

/** Shared by the WeChat Pay and Alipay adapters: header lookup, China-time formats, key parsing. */

/** First value of a header, looked up case-insensitively (Fastify lowercases names, tests may not). */
export function headerOf(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** `yyyy-MM-dd HH:mm:ss` in China Standard Time (UTC+8, no daylight saving). */
export function formatChinaTime(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** RFC 3339 with the +08:00 offset, seconds precision: `2025-01-01T08:30:00+08:00`. */
export function formatChinaRfc3339(at: Date): string {
  return `${new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** Parses `yyyy-MM-dd HH:mm:ss` read as China time; undefined when malformed or not a real date. */
export function parseChinaTime(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s) - CHINA_OFFSET_MS);
  return formatChinaTime(at) === text ? at : undefined;
}

/** Parses an RFC 3339 date-time with an explicit offset; undefined when malformed. */
export function parseRfc3339(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

function assertRsa(key: KeyObject, what: string): KeyObject {
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`${what} is not an RSA key`);
  return key;
}

/** An RSA private key from PEM (PKCS#8 or PKCS#1), or bare base64 DER as the Alipay key tool writes it. */
export function parsePrivateKey(text: string, what: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return assertRsa(createPrivateKey(trimmed), what);
  const der = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
  try {
    return assertRsa(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }), what);
  } catch {
    try {
      return assertRsa(createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }), what);
    } catch {
      throw new Error(`${what} is neither a PEM nor a base64 DER RSA private key`);
    }
  }
}

/** An RSA public key from a PEM public key, a PEM X.509 certificate, or bare base64 SPKI DER (Alipay). */
export function parsePublicKey(text: string, what: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.includes('-----BEGIN CERTIFICATE-----'))
    return assertRsa(new X509Certificate(trimmed).publicKey, what);
  if (trimmed.startsWith('-----BEGIN')) return assertRsa(createPublicKey(trimmed), what);
  try {
    const der = Buffer.from(trimmed.replace(/\s+/g, ''), 'base64');
    return assertRsa(createPublicKey({ key: der, format: 'der', type: 'spki' }), what);
  } catch {
    throw new Error(`${what} is neither a PEM nor a base64 DER RSA public key`);
  }
}
