// Fake values generated for this test; none of them is a real credential.
// ruleid: HARDCODED_SECRET
const webhookSecret = 'Qm8vTz2kLw9xRb4nHc7pYs3d';

export function wireForm(root, req) {
  // ok: HARDCODED_SECRET
  const passwordFields = root.querySelectorAll('input[type=password]');
  // ok: HARDCODED_SECRET
  const csrfToken = document.querySelector('meta[name=csrf-token]')?.getAttribute('content');
  // ok: HARDCODED_SECRET
  const tokenRow = root.closest('.token-card');
  // ok: HARDCODED_SECRET
  const clientKey = req.get('X-Acme-REST-API-Key');
  // ok: HARDCODED_SECRET
  const sessionKey = `session-${req.tenant}-${req.user.id}`;
  return [passwordFields, csrfToken, tokenRow, clientKey, sessionKey];
}

// ok: HARDCODED_SECRET
const initialPassword = randomBytes(12).toString('base64url');
// ok: HARDCODED_SECRET
const TOKEN_CHARS = '[A-Za-z0-9._~+/-]+=*';
// ok: HARDCODED_SECRET
let lastToken = '?InterpolationInTemplate';
// ok: HARDCODED_SECRET
const tokenNotice = '[[user:token-expired]]';

export const sortOptions = [
  // ok: HARDCODED_SECRET
  { key: 'updatedAt-DESC', label: 'Recently updated' },
];

// The LM hash's constant plaintext (MS-NLMP): DES-encrypted under the password, public in the specification.
function createLMHash(password) {
  // ok: HARDCODED_SECRET
  const magicKey = Buffer.from("KGS!@#$%", "ascii");
  // ok: HARDCODED_SECRET
  const magicKeys = Buffer.from("KGS!@#$%KGS!@#$%", "ascii");
  return des(password, magicKey, magicKeys);
}

// A sample client's options: the only server it talks to is the machine itself.
apiConsumer.init({
  // ok: HARDCODED_SECRET
  secretKey: 'Qm4vTz8kLw2xRb6nHc7p',
  url: 'http://localhost:59318',
});
// ok: HARDCODED_SECRET
const localClient = new ApiClient({ token: 'Tz8kWq3mLx7vRb2nPc5y', endpoint: 'http://127.0.0.1:8080/api' });
// A remote server among the call's arguments: a live service.
apiConsumer.init({
  // ruleid: HARDCODED_SECRET
  secretKey: 'Qm4vTz8kLw2xRb6nHc7p',
  url: 'http://localhost:59318',
  fallbackUrl: 'https://api.acme-shop.com',
});
// A settings object is no call's arguments: the application's own signing secret.
const settings = {
  // ruleid: HARDCODED_SECRET
  jwtSecret: 'Qm4vTz8kLw2xRb6nHc7p',
  baseUrl: 'http://localhost:3000',
};
// A call that only builds data: the settings object it freezes.
const frozenSettings = Object.freeze({
  // ruleid: HARDCODED_SECRET
  jwtSecret: 'Qm4vTz8kLw2xRb6nHc7p',
  baseUrl: 'http://localhost:3000',
});
// A documentation site's search (Docusaurus, VuePress: Algolia DocSearch) ships its search-only key to every
// visitor's browser; it reads the public index and nothing else.
const docsConfig = {
  themeConfig: {
    algolia: {
      // ok: HARDCODED_SECRET
      apiKey: '9c41f0d3a7b25e86f13c0d4e9a7b2c5d',
      indexName: 'docs',
      appId: 'QZ7WM4K9R2',
    },
  },
};
// VitePress names the service beside its options instead (`search: { provider: 'algolia', options: { … } }`):
// of its search providers only Algolia takes an `apiKey`, the same search-only key.
const vitepressConfig = {
  themeConfig: {
    search: {
      provider: 'algolia',
      options: {
        appId: 'QZ7WM4K9R2',
        // ok: HARDCODED_SECRET
        apiKey: '7e2d9b41c0a8f35e6d1b4c9a2f7e0d83',
        indexName: 'docs',
      },
    },
  },
};
// The same shape outside a VitePress theme is a search server's client, whose key may write.
const searchClient = {
  search: {
    options: {
      // ruleid: HARDCODED_SECRET
      apiKey: '3f8b1d6e9c2a7054e1d8b3c6a9f2e7d0',
    },
  },
};
// The admin key of the same service writes the index: a secret.
const indexer = {
  algolia: {
    // ruleid: HARDCODED_SECRET
    adminApiKey: 'f13c0d4e9a7b2c5d9c41f0d3a7b25e86',
  },
};

// A URL parameter in words, appended to a page's hash or query (jQuery Mobile's `dialogHashKey`): a name and a
// value a reader can say, as the route and setting names above are.
// ok: HARDCODED_SECRET
var dialogHashKey = "&ui-state=dialog";

// A syntax highlighter's lexer table (Ace, CodeMirror simple modes): `token` names a scope to colour, and a
// regex literal with a quote in it is no string delimiter.
// ok: HARDCODED_SECRET
const quotedRules = {root:[{token:"punctuation.quote",regex:/"/,next:"quoted"},{token:"keyword.escape",regex:/\\/,next:"escaped"},{token:"string.double",regex:/[^\\"]+/}]};

// A symbol's text is its description, printed when the symbol is: the symbol itself keys a provide/inject or a
// property, unique whatever the text says.
// ok: HARDCODED_SECRET
const listboxContextKey = Symbol("AcListboxV3Context");
// ok: HARDCODED_SECRET
export const SESSION_TOKEN_KEY = Symbol.for('AcSessionTokenV2Slot');
// ruleid: HARDCODED_SECRET
const bridgeToken = "Rw8Tz3Kq6Vn2Xp9Lm4Hc7Bd";
