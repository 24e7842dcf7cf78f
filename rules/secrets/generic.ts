// Fake values written for this test; none of them is a real credential.

// A module specifier names code to load, whatever the name it is bound to:
// ok: HARDCODED_SECRET
const AuthCallback = lazyWithReload(() => import("@/pages/AuthCallback"));
// ok: HARDCODED_SECRET
const tokenStore = require('./stores/tokenStore9');
// ok: HARDCODED_SECRET
const secretsModule = await import('./gen/Secrets_v2');
// ok: HARDCODED_SECRET
const credentialsPath = require.resolve('@acme/credential-kit/dist/index');
// ok: HARDCODED_SECRET
import { apiKey } from "./settings/ApiKeyConfig";
// A literal next to the import is still a value:
// ruleid: HARDCODED_SECRET
const authToken = loadWith(() => import('./client'), 'Zk4tQm8vR2xW9pNs7YhB3cJd');
