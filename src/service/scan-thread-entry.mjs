// The scan thread run from the TypeScript sources: loaders first, then the scan thread proper.
import '../typescript-loaders.mjs';

await import('./scan-thread.ts');
