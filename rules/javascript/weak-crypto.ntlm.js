// An NTLM client for a monitor or a proxy: the protocol fixes its primitives. The NT hash is MD4 of the
// password's UTF-16LE bytes, the LM hash and the NTLMv1 response are DES-ECB, and the server decides
// which the client has to compute.
const crypto = require('crypto');

function oddParity(key7) {
  const key8 = Buffer.alloc(8);
  for (let i = 0; i < 8; i++) key8[i] = ((key7[Math.floor((i * 7) / 8)] << (i % 8)) & 0xfe) | 1;
  return key8;
}

function desEncrypt(key7, block) {
  // ok: WEAK_CRYPTO
  const des = crypto.createCipheriv('des-ecb', oddParity(key7), '');
  return des.update(block);
}

function computeNtHash(credentials) {
  const md4 = crypto.createHash('md4');
  // ok: WEAK_HASH
  md4.update(Buffer.from(credentials.password, 'utf16le'));
  return md4.digest();
}

function ntHashOf(password) {
  // ok: WEAK_HASH
  return crypto.createHash('md4').update(password, 'ucs2').digest();
}

function ntlmV1Response(serverChallenge, ntHash) {
  const padded = Buffer.alloc(21);
  ntHash.copy(padded);
  return Buffer.concat([
    desEncrypt(padded.subarray(0, 7), serverChallenge),
    desEncrypt(padded.subarray(7, 14), serverChallenge),
    desEncrypt(padded.subarray(14), serverChallenge),
  ]);
}

// A digest the protocol does not prescribe is still reported in the same file.
function rememberPassword(store, password) {
  // ruleid: WEAK_HASH
  store.digest = crypto.createHash('md5').update(password).digest('hex');
}

module.exports = { computeNtHash, ntHashOf, ntlmV1Response, rememberPassword };
