import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addProof,
  canonicalize,
  multibaseDecode,
  multibaseEncode,
  publicKeyMultibase,
  signingInput,
  verifyCredential,
} from './exams.badges';

/** The W3C vc-di-eddsa test vector for eddsa-jcs-2022, as published (see testing/eddsa-jcs-2022/README.md). */
const vector = (name: string) => readFileSync(new URL(`./testing/eddsa-jcs-2022/${name}`, import.meta.url), 'utf8');
const vectorJson = (name: string) => JSON.parse(vector(name)) as Record<string, unknown>;
const vectorText = (name: string) => vector(name).trim();

const keyPair = vectorJson('keyPair.json') as { publicKeyMultibase: string; privateKeyMultibase: string };
const unsigned = vectorJson('unsigned.json');
const proofConfig = vectorJson('proofConfigJCS.json');
const signedCredential = vectorJson('signedJCS.json');

/** The vector's private key: multicodec ed25519-priv (0x80 0x26) + the 32-byte seed, as a PKCS #8 key. */
function vectorPrivateKey() {
  const bytes = multibaseDecode(keyPair.privateKeyMultibase);
  expect([...bytes.subarray(0, 2)]).toEqual([0x80, 0x26]);
  expect(bytes.length).toBe(34);
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), bytes.subarray(2)]);
  return createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
}

/** The vector's public key from its Multikey: multicodec ed25519-pub (0xed 0x01) + the 32 key bytes. */
function vectorPublicKey() {
  const bytes = multibaseDecode(keyPair.publicKeyMultibase);
  expect([...bytes.subarray(0, 2)]).toEqual([0xed, 0x01]);
  const x = Buffer.from(bytes.subarray(2)).toString('base64url');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('eddsa-jcs-2022: the W3C vc-di-eddsa test vector', () => {
  it('derives the vector’s Multikey from its private key', () => {
    const publicKey = createPublicKey(vectorPrivateKey());
    expect(publicKeyMultibase(publicKey)).toBe(keyPair.publicKeyMultibase);
    expect(publicKeyMultibase(vectorPublicKey())).toBe(keyPair.publicKeyMultibase);
  });

  it('canonicalises the unsigned credential and the proof configuration to the vector’s bytes and hashes', () => {
    expect(canonicalize(unsigned)).toBe(vectorText('canonDocJCS.txt'));
    expect(canonicalize(proofConfig)).toBe(vectorText('proofCanonJCS.txt'));
    expect(sha256(canonicalize(unsigned))).toBe(vectorText('docHashJCS.txt'));
    expect(sha256(canonicalize(proofConfig))).toBe(vectorText('proofHashJCS.txt'));
    expect(hex(signingInput(unsigned, proofConfig))).toBe(vectorText('combinedHashJCS.txt'));
  });

  it('signs the credential to the vector’s signature and proofValue (Ed25519 is deterministic)', () => {
    const privateKey = vectorPrivateKey();
    expect(hex(sign(null, signingInput(unsigned, proofConfig), privateKey))).toBe(vectorText('sigHexJCS.txt'));
    expect(multibaseEncode(Buffer.from(vectorText('sigHexJCS.txt'), 'hex'))).toBe(vectorText('sigBTC58JCS.txt'));

    const ours = addProof(
      unsigned,
      { created: proofConfig.created as string, verificationMethod: proofConfig.verificationMethod as string },
      privateKey,
    );
    const { '@context': _proofContext, ...vectorProof } = signedCredential.proof as Record<string, unknown>;
    void _proofContext;
    // The vector's proof repeats the document's @context; ours leaves it out (both are signed over the same bytes).
    expect(ours).toEqual({ ...signedCredential, proof: vectorProof });
    expect((ours.proof as { proofValue: string }).proofValue).toBe(vectorText('sigBTC58JCS.txt'));
  });

  it('verifies the vector’s signed credential, and rejects it after one field or one proofValue character changes', () => {
    const publicKey = vectorPublicKey();
    expect(verifyCredential(signedCredential, publicKey)).toBe(true);

    expect(verifyCredential({ ...signedCredential, name: 'Alumni Credential!' }, publicKey)).toBe(false);
    const proof = signedCredential.proof as { proofValue: string };
    const pv = proof.proofValue;
    const changed = pv.slice(0, 10) + (pv[10] === 'A' ? 'B' : 'A') + pv.slice(11);
    expect(verifyCredential({ ...signedCredential, proof: { ...proof, proofValue: changed } }, publicKey)).toBe(false);
    expect(verifyCredential(signedCredential, createPublicKey(vectorPrivateKey()))).toBe(true);
  });
});

describe('multibase base58btc', () => {
  it('refuses text that is not base58btc', () => {
    expect(() => multibaseDecode('u' + 'abc')).toThrow();
    expect(() => multibaseDecode('z0OIl')).toThrow();
  });
});
