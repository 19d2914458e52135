import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { base58 } from '@scure/base';
import jcs from 'canonicalize';
import {
  CREDENTIAL_STATUS_PATH,
  ISSUER_KEY_PATH,
  ISSUER_PROFILE_PATH,
  STATUS_LIST_BITS,
  certificatePath,
  type IssuerKey,
} from '@app/contracts';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { examsRepository as repo } from './exams.repository';

const KEY_NAME = 'open-badges-ed25519';

/**
 * JSON Canonicalization Scheme (RFC 8785) of a credential part, by `canonicalize` (written by the RFC's authors): keys
 * sorted by UTF-16 code units, no whitespace, numbers and strings as ECMAScript writes them; a lone surrogate throws.
 */
export function canonicalize(value: unknown): string {
  const text = jcs(value);
  if (text === undefined) throw new Error('value has no JSON form');
  return text;
}

/** Multibase base58btc: 'z' and the bytes in base58 (how proof values and Multikeys are written). */
export function multibaseEncode(bytes: Uint8Array): string {
  return 'z' + base58.encode(bytes);
}

/** The bytes of a multibase base58btc text; throws when it is not one. */
export function multibaseDecode(text: string): Uint8Array {
  if (!text.startsWith('z')) throw new Error('not multibase base58btc');
  return base58.decode(text.slice(1));
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** What eddsa-jcs-2022 signs: hash(canonical proof options) || hash(canonical document without proof). */
export function signingInput(document: Record<string, unknown>, proofOptions: Record<string, unknown>): Buffer {
  return Buffer.concat([sha256(canonicalize(proofOptions)), sha256(canonicalize(document))]);
}

/**
 * Adds an eddsa-jcs-2022 DataIntegrityProof to `document`, signed with an Ed25519 private key. The proof options are
 * signed with the document's `@context` (as the cryptosuite says) but the proof does not repeat it.
 */
export function addProof(
  document: Record<string, unknown>,
  options: { created: string; verificationMethod: string },
  privateKey: KeyObject,
): Record<string, unknown> {
  const proof = {
    type: 'DataIntegrityProof',
    cryptosuite: 'eddsa-jcs-2022',
    created: options.created,
    verificationMethod: options.verificationMethod,
    proofPurpose: 'assertionMethod',
  };
  const signature = sign(null, signingInput(document, { ...proof, '@context': document['@context'] }), privateKey);
  return { ...document, proof: { ...proof, proofValue: multibaseEncode(signature) } };
}

/** An Ed25519 public key as a Multikey's `publicKeyMultibase`: multicodec ed25519-pub (0xed 0x01) + the 32 key bytes. */
export function publicKeyMultibase(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string };
  return multibaseEncode(Buffer.concat([Buffer.from([0xed, 0x01]), Buffer.from(jwk.x, 'base64url')]));
}

/** Verifies a credential's eddsa-jcs-2022 proof with an Ed25519 public key (anyone can, without calling us). */
export function verifyCredential(credential: Record<string, unknown>, publicKey: KeyObject): boolean {
  const { proof, ...document } = credential as { proof?: Record<string, unknown> } & Record<string, unknown>;
  if (!proof || typeof proof.proofValue !== 'string' || !proof.proofValue.startsWith('z')) return false;
  const { proofValue, ...options } = proof;
  const proofOptions = { ...options, '@context': document['@context'] };
  try {
    return verify(null, signingInput(document, proofOptions), publicKey, multibaseDecode(proofValue as string));
  } catch {
    return false;
  }
}

/** Where a certificate's revocation bit lives: its id, split into a list number and a bit in that list. */
export function statusPosition(certificateId: number): { list: number; index: number } {
  return { list: Math.floor(certificateId / STATUS_LIST_BITS), index: certificateId % STATUS_LIST_BITS };
}

/**
 * A Bitstring Status List's `encodedList`: the bits (bit 0 is the most significant bit of the first byte), GZIP
 * compressed, base64url without padding, with the multibase prefix 'u'.
 */
export function encodeStatusList(setBits: Iterable<number>, size = STATUS_LIST_BITS): string {
  const bytes = Buffer.alloc(size / 8);
  for (const i of setBits) bytes[i >> 3]! |= 0x80 >> (i & 7);
  return 'u' + gzipSync(bytes).toString('base64url');
}

/** Reads one bit of an `encodedList` (what any verifier does). */
export function statusBit(encodedList: string, index: number): boolean {
  if (!encodedList.startsWith('u')) throw new Error('encodedList must be multibase base64url');
  const bytes = gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'));
  if (index < 0 || index >= bytes.length * 8) throw new Error('status index outside the list');
  return (bytes[index >> 3]! & (0x80 >> (index & 7))) !== 0;
}

/** The revocation entry of credential `id` in the status lists published under `listBase` (`${listBase}/{list}`). */
export function statusEntry(listBase: string, id: number) {
  const { list, index } = statusPosition(id);
  const url = `${listBase}/${list}`;
  return {
    id: `${url}#${index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(index),
    statusListCredential: url,
  };
}

export interface BadgeCertificate {
  id: number;
  number: string;
  holderName: string;
  examName: string;
  level: string;
  issuedAt: Date;
  validUntil: Date;
}

/** The platform's Open Badges issuer: one Ed25519 key pair, made once in the database and shared by every process. */
export function createBadgeIssuer(deps: { db: DbOrTx; clock: Clock; baseUrl: string; siteName: string }) {
  let loaded: Promise<{ privateKey: KeyObject; publicKey: KeyObject }> | undefined;

  async function load() {
    let row = await repo.key(deps.db, KEY_NAME);
    if (!row) {
      const pair = generateKeyPairSync('ed25519');
      await repo.insertKey(deps.db, {
        name: KEY_NAME,
        publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        createdAt: deps.clock.now(),
      });
      // Another process may have won the insert: everyone uses the stored pair.
      row = (await repo.key(deps.db, KEY_NAME))!;
    }
    return { privateKey: createPrivateKey(row.privateKey), publicKey: createPublicKey(row.publicKey) };
  }
  const keys = () =>
    (loaded ??= load().catch((err: unknown) => {
      loaded = undefined;
      throw err;
    }));

  const issuerId = `${deps.baseUrl}${ISSUER_PROFILE_PATH}`;
  const keyId = `${deps.baseUrl}${ISSUER_KEY_PATH}`;
  const statusListBase = `${deps.baseUrl}${CREDENTIAL_STATUS_PATH}`;
  const statusListUrl = (list: number) => `${statusListBase}/${list}`;

  /** Adds an eddsa-jcs-2022 DataIntegrityProof made at `created`. */
  async function signed(document: Record<string, unknown>, created: Date): Promise<Record<string, unknown>> {
    const { privateKey } = await keys();
    return addProof(document, { created: created.toISOString(), verificationMethod: keyId }, privateKey);
  }

  /** A signed revocation list (BitstringStatusListCredential) at `url` with the bits `indexes` set, dated `since`. */
  function signedStatusList(url: string, indexes: number[], since: Date): Promise<Record<string, unknown>> {
    return signed(
      {
        '@context': ['https://www.w3.org/ns/credentials/v2'],
        id: url,
        type: ['VerifiableCredential', 'BitstringStatusListCredential'],
        issuer: issuerId,
        validFrom: since.toISOString(),
        credentialSubject: {
          id: `${url}#list`,
          type: 'BitstringStatusList',
          statusPurpose: 'revocation',
          encodedList: encodeStatusList(indexes),
        },
      },
      since,
    );
  }

  return {
    issuerId,
    keyId,
    signedStatusList,
    /** The issuer as a credential names it. */
    issuerRef: { id: issuerId, type: ['Profile'], name: deps.siteName, url: deps.baseUrl },
    /** Signs another area's credential or status list with the platform's key (eddsa-jcs-2022 DataIntegrityProof). */
    sign: signed,

    async publicKeyDocument(): Promise<IssuerKey> {
      const { publicKey } = await keys();
      const jwk = publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string };
      return {
        '@context': ['https://www.w3.org/ns/cid/v1'],
        id: keyId,
        type: 'Multikey',
        controller: issuerId,
        publicKeyMultibase: publicKeyMultibase(publicKey),
        publicKeyJwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x },
      };
    },

    profile() {
      return {
        '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
        id: issuerId,
        type: ['Profile'],
        name: deps.siteName,
        url: deps.baseUrl,
      };
    },

    /** An OpenBadgeCredential for one certificate, with its revocation entry and an eddsa-jcs-2022 DataIntegrityProof. */
    async credential(c: BadgeCertificate): Promise<Record<string, unknown>> {
      const checkUrl = `${deps.baseUrl}${certificatePath(c.number)}`;
      const document: Record<string, unknown> = {
        '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
        id: checkUrl,
        type: ['VerifiableCredential', 'OpenBadgeCredential'],
        name: `${c.examName}证书`,
        issuer: { id: issuerId, type: ['Profile'], name: deps.siteName, url: deps.baseUrl },
        validFrom: c.issuedAt.toISOString(),
        validUntil: c.validUntil.toISOString(),
        credentialStatus: statusEntry(statusListBase, c.id),
        credentialSubject: {
          type: ['AchievementSubject'],
          name: c.holderName,
          identifier: [{ type: 'IdentityObject', identityHash: c.number, identityType: 'identifier', hashed: false }],
          achievement: {
            id: `${deps.baseUrl}/examNotice#${encodeURIComponent(c.examName)}`,
            type: ['Achievement'],
            name: c.examName,
            description: `${c.examName.includes(c.level) ? c.examName : `${c.examName}（${c.level}）`}考试合格`,
            criteria: { narrative: `参加${deps.siteName}组织的${c.examName}在线考试并达到合格分数线。` },
          },
        },
      };
      return signed(document, deps.clock.now());
    },

    /**
     * The signed revocation list `list` (BitstringStatusListCredential). It is made from the revocations on record
     * whenever asked, dated by the latest of them, so every process publishes the same document and a revocation
     * shows in the next copy a verifier fetches.
     */
    async statusListCredential(list: number): Promise<Record<string, unknown> | null> {
      const from = list * STATUS_LIST_BITS;
      const facts = await repo.revocationsInRange(deps.db, from, from + STATUS_LIST_BITS);
      if (!facts.firstIssuedAt) return null;
      const since = facts.revoked.reduce((t, r) => (r.revokedAt > t ? r.revokedAt : t), facts.firstIssuedAt);
      const revoked = { indexes: facts.revoked.map((r) => r.id - from), since };
      return signedStatusList(statusListUrl(list), revoked.indexes, revoked.since);
    },
  };
}
export type BadgeIssuer = ReturnType<typeof createBadgeIssuer>;
