// An HTTP Digest (RFC 7616) or SASL DIGEST-MD5 client: the server's challenge names the algorithm, and
// MD5 is what most servers offer. HA1 = MD5(user:realm:password) is the protocol's, not a stored hash.
import { createHash } from 'crypto';
import { md5 } from 'js-md5';

interface DigestParams {
  username: string;
  password: string;
  realm: string;
  nonce: string;
  uri: string;
  method: string;
  cnonce: string;
}

export function digestHeader(params: DigestParams): string {
  const { username, password, realm, nonce, uri, method, cnonce } = params;
  // ok: WEAK_HASH
  const ha1 = md5(`${username}:${realm}:${password}`);
  // ok: WEAK_HASH
  const ha2 = md5(`${method}:${uri}`);
  // ok: WEAK_HASH
  const response = md5(`${ha1}:${nonce}:00000001:${cnonce}:auth:${ha2}`);
  return `Digest username="${username}", realm="${realm}", nonce="${nonce}", uri="${uri}", response="${response}"`;
}

export function digestResponse(user: string, password: string, challenge: { realm: string; nonce: string }): string {
  // ok: WEAK_HASH
  const ha1 = createHash('md5').update(`${user}:${challenge.realm}:${password}`).digest('hex');
  return createHash('md5').update(`${ha1}:${challenge.nonce}`).digest('hex');
}

// A stored password hash is still one, whatever else the module does.
export function storedHash(password: string): string {
  // ruleid: WEAK_HASH
  return md5(`${password}`);
}
