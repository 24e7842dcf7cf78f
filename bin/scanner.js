#!/usr/bin/env node
// The package runs its TypeScript sources through tsx, so there is no build step
// between a checkout and a working `scanner` command.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli/main.ts');
