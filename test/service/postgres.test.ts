// The same service suite on PostgreSQL (a cluster started in a temp dir) with pg-boss.
import { describe } from 'node:test';
import { postgresBackend } from './harness.ts';
import { defineServiceSuite } from './suite.ts';

describe('service on PostgreSQL', { timeout: 600_000 }, () => defineServiceSuite(postgresBackend));
