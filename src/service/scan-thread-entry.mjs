// Worker threads do not inherit the main thread's TypeScript loader: register it
// here, then run the scan thread proper.
import { register } from 'tsx/esm/api';

register();
await import('./scan-thread.ts');
