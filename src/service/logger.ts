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

export function createLogger(level: string, name = 'scanner'): Logger {
  return pino({ name, level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}
