import { createHash, generateKeyPairSync, type KeyObject, randomBytes, randomUUID, sign } from 'node:crypto';

/**
 * A software passkey authenticator for API tests. It answers the JSON options the server sends the
 * way a browser with a platform authenticator does (attestation "none", ES256 keys, a signature
 * counter), so the production verification code runs unchanged against it.
 */

// --- the few CBOR items WebAuthn needs (RFC 8949): integers, byte and text strings, maps --------
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const s = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, s.length), s]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  const parts: Buffer[] = [head(5, v.size)];
  for (const [k, val] of v) parts.push(cbor(k), cbor(val));
  return Buffer.concat(parts);
}

const sha = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

export interface CeremonyOverrides {
  /** The origin the "browser" puts in clientDataJSON (default: the authenticator's). */
  origin?: string;
  /** Whether the member was verified (PIN, fingerprint); default true. */
  userVerified?: boolean;
  /** Answer with this credential (e.g. another member's) instead of a matching one. */
  credentialId?: string;
  /** Use this signature counter instead of the next one. */
  counter?: number;
  /** Sign for this RP id instead of the options' one. */
  rpId?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: options are whatever JSON the server sent
type Json = any;

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  private readonly aaguid = Buffer.alloc(16);

  constructor(readonly origin = 'http://localhost') {}

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter >>> 0);
    return Buffer.concat([sha(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(): a new ES256 key pair for the options' RP and user. */
  register(options: Json, o: CeremonyOverrides = {}): Json {
    // credentialId: register a credential this authenticator already holds once more.
    const again = o.credentialId ? this.credentials.find((c) => b64(c.id) === o.credentialId) : undefined;
    const { privateKey, publicKey } = again ?? generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const id = again?.id ?? randomBytes(32);
    const rpId = o.rpId ?? options.rp.id;
    const cred: Credential = again ?? { id, rpId, userHandle: options.user.id, privateKey, publicKey, counter: 0 };
    if (!again) this.credentials.push(cred);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([this.aaguid, idLength, id, cbor(coseKey)]);
    const flags = UP | AT | (o.userVerified === false ? 0 : UV);
    const authData = this.authData(rpId, flags, cred.counter, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, o.origin ?? this.origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get(): signs the challenge with a passkey for the options' RP id. */
  assert(options: Json, o: CeremonyOverrides = {}): Json {
    const allowed: string[] = (options.allowCredentials ?? []).map((c: { id: string }) => c.id);
    const cred = o.credentialId
      ? this.credentials.find((c) => b64(c.id) === o.credentialId)
      : this.credentials.find((c) => c.rpId === options.rpId && (allowed.length === 0 || allowed.includes(b64(c.id))));
    if (!cred) throw new Error('no matching passkey on this authenticator');
    cred.counter = o.counter ?? cred.counter + 1;
    const flags = UP | (o.userVerified === false ? 0 : UV);
    const authData = this.authData(o.rpId ?? cred.rpId, flags, cred.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, o.origin ?? this.origin);
    // ES256: ECDSA P-256 over authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded.
    const signature = sign('sha256', Buffer.concat([authData, sha(clientDataJSON)]), cred.privateKey);
    return {
      id: b64(cred.id),
      rawId: b64(cred.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: cred.userHandle,
      },
    };
  }
}

/** A random id a test can use for a challenge nobody issued. */
export const unknownChallengeId = () => randomUUID();
