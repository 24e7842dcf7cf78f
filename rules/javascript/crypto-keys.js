// Keys handed to Node's crypto module.
const crypto = require('crypto');

// ruleid: HARDCODED_SECRET
const encryptionKey = "This is a simple key, don't guess it";
// ok: HARDCODED_SECRET
const cacheKey = 'orders:v2';
// ok: HARDCODED_SECRET
const hmacKey = process.env.ORDERS_HMAC_KEY;

function sealOrders(orders) {
  const iv = crypto.randomBytes(16);
  const cipher = crypto.createCipheriv('aes-256-cbc', crypto.scryptSync(encryptionKey, 'salt', 32), iv);
  return iv.toString('hex') + cipher.update(JSON.stringify(orders), 'utf8', 'hex') + cipher.final('hex');
}

function openOrders(sealed) {
  const decipher = crypto.createDecipheriv('aes-256-cbc', encryptionKey, Buffer.from(sealed.slice(0, 32), 'hex'));
  return JSON.parse(decipher.update(sealed.slice(32), 'hex', 'utf8') + decipher.final('utf8'));
}

function signReceipt(body) {
  return crypto.createHmac('sha256', hmacKey).update(body).digest('hex');
}

function legacyToken(text) {
  // ruleid: HARDCODED_SECRET
  const des = crypto.createCipheriv('aes-256-gcm', "This is a simple password, don't guess it", crypto.randomBytes(12));
  return des.update(text, 'utf8', 'hex');
}

function cacheTag(user) {
  // ok: HARDCODED_SECRET
  return crypto.createHash('sha256').update(cacheKey + user.id).digest('hex');
}
