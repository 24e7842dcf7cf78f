// Small pure parts of the MCP server: polling backoff, estimates, GitHub host matching.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { estimateScanMs, pollAfterMs } from '../../src/mcp/timing.ts';
import { repositoryOnHost } from '../../src/mcp/remote.ts';

describe('polling backoff (spec section 8)', () => {
  it('first poll after 5 s, then doubling up to 30 s', () => {
    assert.deepEqual([0, 1, 2, 3, 4, 10].map((n) => pollAfterMs(n)), [5000, 10000, 20000, 30000, 30000, 30000]);
  });
  it('never sooner than 5 s, even when the scan should be about done', () => {
    assert.equal(pollAfterMs(3, 200), 5000);
    assert.equal(pollAfterMs(3, 12_000), 12_000);
    assert.equal(pollAfterMs(1, -50), 5000);
  });
});

describe('scan estimates grow with the work', () => {
  it('more bytes, longer estimate; history adds to it', () => {
    assert.ok(estimateScanMs(10_000_000) > estimateScanMs(10_000));
    assert.ok(estimateScanMs(10_000, 50_000_000) > estimateScanMs(10_000));
  });
});

describe('repositoryOnHost', () => {
  it('recognises https, ssh and scp-like origins on the configured host', () => {
    assert.equal(repositoryOnHost('https://github.com/acme/app.git', 'https://github.com'), 'acme/app');
    assert.equal(repositoryOnHost('git@github.com:acme/app.git', 'https://github.com'), 'acme/app');
    assert.equal(repositoryOnHost('ssh://git@github.com/acme/app', 'https://github.com'), 'acme/app');
    assert.equal(repositoryOnHost('http://127.0.0.1:9418/git/acme/app.git', 'http://127.0.0.1:9418/git'), 'acme/app');
  });
  it('refuses other hosts and odd paths', () => {
    assert.equal(repositoryOnHost('https://gitlab.com/acme/app.git', 'https://github.com'), undefined);
    assert.equal(repositoryOnHost('https://github.com/acme', 'https://github.com'), undefined);
    assert.equal(repositoryOnHost('/srv/git/app', 'https://github.com'), undefined);
    assert.equal(repositoryOnHost('http://127.0.0.1:9418/other/acme/app.git', 'http://127.0.0.1:9418/git'), undefined);
  });
});
