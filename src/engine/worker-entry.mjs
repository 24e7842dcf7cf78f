// Worker threads do not inherit the main thread's TypeScript loader: register it
// here, then run the worker proper.
// Both loaders: the engine also `require`s TypeScript modules (lazy rule validation).
import { register as registerEsm } from 'tsx/esm/api';
import { register as registerCjs } from 'tsx/cjs/api';

registerEsm();
registerCjs();
await import('./worker.ts');
