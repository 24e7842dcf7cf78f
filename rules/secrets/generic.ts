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

// A string literal type in a type position is a type, not a value:
// ok: HARDCODED_SECRET
export type SignInRequest_SSOCredentials = Message<"acme.api.v1.SignInRequest.SSOCredentials"> & {
  provider: string;
};
// ok: HARDCODED_SECRET
type AuthToken = 'Kp9xQ2mWv7Rt4Zb8Ny3Lc6Jd';
// ok: HARDCODED_SECRET
export declare type ApiKey<T> = Header<T, 'Kp9xQ2mWv7Rt4Zb8Ny3Lc6Jd'>;
// ok: HARDCODED_SECRET
const authTokens = new Map<'Kp9xQ2mWv7Rt4Zb8Ny3Lc6Jd' | 'other', number>();
// The value assigned after a generic type is still a value:
// ruleid: HARDCODED_SECRET
let signingSecret: Promise<string> | string = 'Tq7Wz3Xv9Kp2Lm5Rn8Bc4Yd';
// ruleid: HARDCODED_SECRET
const apiToken = useState<string>('Hn6Vb2Cx8Zq4Wm1Rt7Ky3Pd');

// A storage key's name, in upper case with padded or doubled underscores, is a name:
// ok: HARDCODED_SECRET
export const PROJ_CFG_KEY = 'PROJ__CFG__KEY__';
// ok: HARDCODED_SECRET
export const LOCALE_KEY = 'LOCALE__';

// A message key of the translation catalogue (an i18n tool's generated ids) names a text, not a credential:
// ok: HARDCODED_SECRET
export const defaultKey = 'i18n_41e9f0c9c6';
// ok: HARDCODED_SECRET
const table = { name: 'WORKSPACE', nameKey: 'i18n.workspace_env_vars.f7e8' };

// A cache key's namespace (Redis keys joined by ':', Spring Cache's 'name::'): the id is appended to it.
// ok: HARDCODED_SECRET
export const CAPTCHA_KEY = 'shop:auth::shop:captcha:';

// The name of a secret in a vault or of a setting, in upper-case words joined by hyphens, names where the value is:
// ok: HARDCODED_SECRET
export const CATALOG_CONNECTION_STRING_KEY = 'AZURE-SQL-CATALOG-CONNECTION-STRING';
// ok: HARDCODED_SECRET
export const NOTIFICATION_KEY = 'SYSTEM-USER-NOTIFICATION';
// A product key comes in groups of one length:
// ruleid: HARDCODED_SECRET
export const LICENSE_KEY = 'QWRTX-PLMZB-KXVBN-NTGHW';

// Names that start with a numeronym (k8s, i18n) are names: a storage key, a role's permission.
// ok: HARDCODED_SECRET
const storageKey = 'k8sContainersDatatable';
// ok: HARDCODED_SECRET
export const access = { authorizations: 'K8sResourcePoolDetailsW' };
// ok: HARDCODED_SECRET
export const consoleAccess = { authorization: 'K8sApplicationConsoleRW' };
// A generated value that starts the same way is still one:
// ruleid: HARDCODED_SECRET
export const clusterToken = 'k8sXqTwmZpRvLnKb7YdH3';

// A PostHog project API key (`phc_…`) is the key every page the analytics snippet runs in carries: it only lets
// one send events to the project. The personal API key (`phx_…`) reads and changes the project and stays.
export class AnalyticsService {
  // ok: HARDCODED_SECRET
  private POSTHOG_API_KEY = 'phc_Qw7ZtKpR2mXvN9sLbY4cHd8JfTg3WnE6uAiOkP1rSx0';
  // ruleid: HARDCODED_SECRET
  private POSTHOG_PERSONAL_API_KEY = 'phx_Qw7ZtKpR2mXvN9sLbY4cHd8JfTg3WnE6uAiOkP1rSx0';
}

// A constant its comment says is no secret: a fixed mask of the algorithm, published with the code. A secret
// whose comment only says to keep it secret stays.
// This is not actually a secret key, it's just a string that we XOR with the key to make it case sensitive
// ok: HARDCODED_SECRET
const XOR_SECRET_KEY = '58ff90c0dc372ded858cbf8fb2306066';
// Keep this secret: it signs the export links.
// ruleid: HARDCODED_SECRET
const EXPORT_SIGNING_SECRET = '9c41e7d0b2a85f36e1d47c0a9b3f52e8';
export const masks = { XOR_SECRET_KEY, EXPORT_SIGNING_SECRET };
