// The finding type of every secret rule, in a module of its own: test-code policy
// (src/engine/test-code.ts) needs it without loading the secret detector.
export const SECRET_TYPE = 'HARDCODED_SECRET';
