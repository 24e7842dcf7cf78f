// The service suite on the embedded store: a SQLite file and the in-process queue.
import { describe } from 'node:test';
import { sqliteBackend } from './harness.ts';
import { defineServiceSuite } from './suite.ts';

describe('service on SQLite', { timeout: 600_000 }, () => defineServiceSuite(sqliteBackend));
