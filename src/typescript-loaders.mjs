// Registers tsx's loaders so that the TypeScript sources run without a build: the ES module
// loader for imports, the CommonJS one for modules the engine `require`s (lazy rule
// validation). Worker threads do not inherit a thread's loaders, so their entries import this too.
import { register as registerEsm } from 'tsx/esm/api';
import { register as registerCjs } from 'tsx/cjs/api';

registerEsm();
registerCjs();
