const crypto = require('node:crypto');

function storePassword(password) {
  // ruleid: WEAK_HASH
  return crypto.createHash('md5').update(password).digest('hex');
}

// A signature over public data that a partner's protocol prescribes: no password goes in.
function signPayload(body) {
  // ok: WEAK_HASH
  const mac = crypto.createHash('sha1').update(process.env.SIGNING_KEY + body).digest('hex');
  return mac;
}

function cacheKey(url) {
  // ok: WEAK_HASH
  return crypto.createHash('md5').update(url).digest('hex');
}

function encryptToken(key, text) {
  // ruleid: WEAK_CRYPTO
  const cipher = crypto.createCipheriv('des-ede3-cbc', key, crypto.randomBytes(8));
  return cipher.update(text, 'utf8', 'hex') + cipher.final('hex');
}

function encryptNote(key, text) {
  // ruleid: WEAK_CRYPTO
  const cipher = crypto.createCipheriv('aes-128-ecb', key, null);
  return cipher.update(text, 'utf8', 'hex') + cipher.final('hex');
}

const FIXED_IV = Buffer.from('0000000000000000');

function encryptField(key, text) {
  // ruleid: WEAK_CRYPTO
  const cipher = crypto.createCipheriv('aes-256-cbc', key, FIXED_IV);
  return cipher.update(text, 'utf8', 'hex') + cipher.final('hex');
}

function encryptFieldV2(key, text) {
  const iv = crypto.randomBytes(12);
  // ok: WEAK_CRYPTO
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  return Buffer.concat([iv, cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
}

// ruleid: WEAK_CRYPTO
const legacyKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
// ok: WEAK_CRYPTO
const keys = crypto.generateKeyPairSync('rsa', { modulusLength: 4096 });

module.exports = { storePassword, signPayload, cacheKey, encryptToken, encryptNote, encryptField, encryptFieldV2, legacyKeys, keys };

function encryptFieldV3(key, text) {
  // ok: WEAK_CRYPTO
  const cipher = crypto.createCipheriv('aes-256-cbc', key, crypto.randomBytes(16));
  // ruleid: WEAK_CRYPTO
  const again = crypto.createCipheriv('aes-256-cbc', key, Buffer.alloc(16, 0));
  return [cipher, again];
}
module.exports.encryptFieldV3 = encryptFieldV3;

function cacheEntryName(cacheKey) {
  // ok: WEAK_HASH
  return crypto.createHash('md5').update(cacheKey).digest('hex');
}
module.exports.cacheEntryName = cacheEntryName;

// A password hashed under any function name: what goes in decides.
function legacyDigest(account, salt) {
  // ruleid: WEAK_HASH
  return crypto.createHash('sha1').update(salt + account.password).digest('hex');
}
module.exports.legacyDigest = legacyDigest;

function checkLogin(req, stored) {
  const hasher = crypto.createHash('md5');
  // ruleid: WEAK_HASH
  hasher.update(req.body.password);
  return hasher.digest('hex') === stored;
}
module.exports.checkLogin = checkLogin;

function avatarUrl(author) {
  // ok: WEAK_HASH
  const hash = crypto.createHash('md5').update(author.email.trim().toLowerCase()).digest('hex');
  return `https://www.gravatar.com/avatar/${hash}`;
}

function designAssetName(contents) {
  // ok: WEAK_HASH
  return crypto.createHash('md5').update(contents).digest('hex');
}
module.exports.avatarUrl = avatarUrl;
module.exports.designAssetName = designAssetName;

// A signature over the request body: no password goes in (HMAC would be better, but that is not a password hash).
function webhookSignature(secret, body) {
  // ok: WEAK_HASH
  return crypto.createHash('sha1').update(secret + body).digest('hex');
}

// A short code derived from a high-entropy secret: MD5's collisions do not reveal the secret.
function deletionCode(user) {
  // ok: WEAK_HASH
  return crypto.createHash('md5').update(user.jwtSecret).digest('hex').slice(0, 8);
}
module.exports.webhookSignature = webhookSignature;
module.exports.deletionCode = deletionCode;

// MD4 of a password in another encoding is no NT hash: just a fast, broken digest.
function legacyPinDigest(password) {
  // ruleid: WEAK_HASH
  return crypto.createHash('md4').update(password, 'utf8').digest('hex');
}

// DES outside an NTLM implementation.
function encryptCard(key, number) {
  // ruleid: WEAK_CRYPTO
  const des = crypto.createCipheriv('des-ecb', key, '');
  return des.update(number, 'utf8', 'hex') + des.final('hex');
}
module.exports.legacyPinDigest = legacyPinDigest;
module.exports.encryptCard = encryptCard;

// A setting that only mentions NTLM does not make the file an NTLM implementation.
const ntlmProxyEnabled = process.env.NTLM_PROXY === '1';
function encryptBackup(key, data) {
  // ruleid: WEAK_CRYPTO
  return crypto.createCipheriv('des-ede3', key, null).update(data);
}
module.exports.encryptBackup = encryptBackup;
module.exports.ntlmProxyEnabled = ntlmProxyEnabled;

// A key a slow KDF derived from the password is no password: a checksum over what it decrypts is no password hash.
function decryptWithPassword(password, salt, data) {
  const key = crypto.scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  const decipher = crypto.createDecipheriv('aes-256-cbc', key, data.subarray(0, 16));
  const plain = Buffer.concat([decipher.update(data.subarray(16)), decipher.final()]);
  // ok: WEAK_HASH
  const digest = crypto.createHash('sha1').update(plain).digest();
  return [plain, digest];
}

function legacyPasswordHash(password, salt) {
  const salted = `${salt}:${password}`;
  // ruleid: WEAK_HASH
  return crypto.createHash('sha1').update(salted).digest('hex');
}

module.exports.more = { decryptWithPassword, legacyPasswordHash };
