// Structured JSON logs (pino, as Fastify uses). Keys, tokens and passwords
// are redacted wherever they might appear.
import pino from 'pino';

export type Logger = pino.Logger;

export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["x-api-key"]',
  'token',
  'key',
  'password',
  '*.token',
  '*.key',
  '*.password',
];

/**
 * A query parameter whose name says it holds a credential (api_key, token, password,
 * secret…), also percent-encoded inside another parameter (a sign-in redirect's `next`).
 */
const CREDENTIAL_PARAMETER = /((?:^|[?&;]|%3F|%26)[\w.-]*?(?:key|token|password|secret|passwd|auth)[\w.-]*(?:=|%3D))(.*?)(?=$|[&;#]|%26|%23)/gi;

/** The URL with the value of every credential-like query parameter replaced. */
export function redactUrl(url: string): string {
  const query = url.search(/[?#]/);
  if (query < 0) return url;
  return url.slice(0, query) + url.slice(query).replace(CREDENTIAL_PARAMETER, (_match, name: string, value: string) => (value ? `${name}[redacted]` : name));
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function createLogger(level: string, name = 'scanner'): Logger {
  return pino({
    name,
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Fastify's request fields, with credentials a client put in the query string
      // (api_key=…, although keys are only read from the x-api-key header) left out.
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  });
}
