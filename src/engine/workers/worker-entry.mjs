// The analysis worker run from the TypeScript sources: loaders first, then the worker proper.
import '../../typescript-loaders.mjs';

await import('./worker.ts');
