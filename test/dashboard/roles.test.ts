// Dashboard roles over real HTTP: an admin manages users, roles and every API key;
// a member scans, reads and manages only the keys they created.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sqliteBackend, startTestService, type Backend, type TestService } from '../service/harness.ts';
import { signIn, type DashboardUser } from './session.ts';

describe('dashboard roles', { timeout: 60_000 }, () => {
  let backend: Backend;
  let svc: TestService;
  let admin: DashboardUser;
  let member: DashboardUser;
  let cliKeyId: string;
  let memberId: string;

  before(async () => {
    backend = await sqliteBackend();
    svc = await startTestService(await backend.freshStore());
    const store = svc.server.core.store;
    const account = await store.accounts.create('team', 'free');
    cliKeyId = (await store.keys.create(account.id, 'made-with-the-cli')).info.id;
    await store.users.create({ email: 'lead@example.test', password: 'fake-password-a', admin: true, accountId: account.id });
    memberId = (await store.users.create({ email: 'dev@example.test', password: 'fake-password-m', admin: false, accountId: account.id })).id;
    admin = await signIn(svc.server.url, 'lead@example.test', 'fake-password-a');
    member = await signIn(svc.server.url, 'dev@example.test', 'fake-password-m');
  });
  after(async () => {
    await svc?.close();
    await backend?.stop();
  });

  it('the session says which role the user has', async () => {
    assert.equal((await admin.call('GET', '/session')).body.role, 'admin');
    assert.equal((await member.call('GET', '/session')).body.role, 'member');
  });

  it('a member cannot revoke a key someone else created, but can revoke their own', async () => {
    const adminKey = (await admin.call('POST', '/keys', { name: 'lead-ci' })).body.id as string;
    for (const id of [adminKey, cliKeyId]) {
      const answer = await member.call('DELETE', `/keys/${id}`);
      assert.equal(answer.status, 403);
      assert.equal((answer.body.error as { code: string }).code, 'FORBIDDEN');
    }
    const keys = (await member.call('GET', '/keys')).body.keys as { id: string; revokedAt: string | null; mine: boolean; canRevoke: boolean }[];
    assert.ok(keys.every((k) => !k.revokedAt), 'no key was revoked');
    assert.deepEqual(keys.filter((k) => k.canRevoke), [], 'the member is offered no revoke button');

    const own = (await member.call('POST', '/keys', { name: 'dev-laptop' })).body.id as string;
    const listed = (await member.call('GET', '/keys')).body.keys as { id: string; mine: boolean; canRevoke: boolean }[];
    assert.deepEqual(listed.filter((k) => k.canRevoke).map((k) => k.id), [own]);
    assert.equal((await member.call('DELETE', `/keys/${own}`)).status, 200);
  });

  it('an admin may revoke any key of the account', async () => {
    const devKey = (await member.call('POST', '/keys', { name: 'dev-ci' })).body.id as string;
    assert.equal((await admin.call('DELETE', `/keys/${devKey}`)).status, 200);
    assert.equal((await admin.call('DELETE', `/keys/${cliKeyId}`)).status, 200);
  });

  it('only an admin lists users, adds them and changes roles; the last admin stays', async () => {
    for (const [method, path, body] of [
      ['GET', '/users', undefined],
      ['POST', '/users', { email: 'new@example.test', role: 'admin' }],
      ['PATCH', `/users/${memberId}`, { role: 'admin' }],
    ] as const) {
      const answer = await member.call(method, path, body);
      assert.equal(answer.status, 403, `${method} ${path}`);
    }
    assert.equal((await member.call('GET', '/session')).body.role, 'member', 'the member did not promote themselves');

    const added = await admin.call('POST', '/users', { email: 'New@Example.test', role: 'member' });
    assert.equal(added.status, 200);
    assert.equal(added.body.email, 'new@example.test');
    assert.equal(typeof added.body.password, 'string');
    assert.equal((await admin.call('POST', '/users', { email: 'new@example.test', role: 'member' })).status, 409);
    const newcomer = await signIn(svc.server.url, 'new@example.test', added.body.password as string);
    assert.equal((await newcomer.call('GET', '/session')).body.role, 'member');

    const lead = ((await admin.call('GET', '/users')).body.users as { id: string; email: string }[]).find((u) => u.email === 'lead@example.test')!;
    const demoteLast = await admin.call('PATCH', `/users/${lead.id}`, { role: 'member' });
    assert.equal(demoteLast.status, 409);
    assert.equal((demoteLast.body.error as { code: string }).code, 'LAST_ADMIN');

    assert.equal((await admin.call('PATCH', `/users/${memberId}`, { role: 'admin' })).status, 200);
    assert.equal((await member.call('GET', '/session')).body.role, 'admin', 'the new role applies to the open session');
    assert.equal((await member.call('GET', '/users')).status, 200);
    assert.equal((await admin.call('PATCH', `/users/${memberId}`, { role: 'member' })).status, 200);
    assert.equal((await member.call('GET', '/users')).status, 403);
  });

  it('every user changes their own password; their other sessions end, this one stays', async () => {
    const laptop = await signIn(svc.server.url, 'dev@example.test', 'fake-password-m');
    const phone = await signIn(svc.server.url, 'dev@example.test', 'fake-password-m');
    const wrong = await laptop.call('POST', '/password', { currentPassword: 'not-it', newPassword: 'a-new-long-fake-password' });
    assert.equal(wrong.status, 403);
    assert.equal((wrong.body.error as { code: string }).code, 'WRONG_PASSWORD');
    const short = await laptop.call('POST', '/password', { currentPassword: 'fake-password-m', newPassword: 'short' });
    assert.equal(short.status, 400);
    const changed = await laptop.call('POST', '/password', { currentPassword: 'fake-password-m', newPassword: 'a-new-long-fake-password' });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.ok(Number(changed.body.otherSessionsEnded) >= 2, 'the phone and the earlier session');
    assert.equal((await laptop.call('GET', '/session')).status, 200, 'the session that changed it stays');
    assert.equal((await phone.call('GET', '/session')).status, 401);
    await assert.rejects(signIn(svc.server.url, 'dev@example.test', 'fake-password-m'), /401/);
    member = await signIn(svc.server.url, 'dev@example.test', 'a-new-long-fake-password');
    assert.equal((await member.call('GET', '/session')).body.role, 'member');
  });

  it('an admin resets a user\'s password: a new one shown once, the user signed out; members may not', async () => {
    const forbidden = await member.call('POST', `/users/${memberId}/password`);
    assert.equal(forbidden.status, 403);
    const reset = await admin.call('POST', `/users/${memberId}/password`);
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    assert.equal(reset.body.email, 'dev@example.test');
    assert.equal(typeof reset.body.password, 'string');
    assert.equal((await member.call('GET', '/session')).status, 401, 'the user is signed out everywhere');
    await assert.rejects(signIn(svc.server.url, 'dev@example.test', 'a-new-long-fake-password'), /401/);
    member = await signIn(svc.server.url, 'dev@example.test', reset.body.password as string);
    assert.equal((await admin.call('GET', '/session')).status, 200, 'the admin stays signed in');
    assert.equal((await admin.call('POST', '/users/user_nobody/password')).status, 404);
  });

  it('an admin disables a user (no sign-in, sessions stop at once) and enables them again; never the last admin or themselves', async () => {
    assert.equal((await member.call('PATCH', `/users/${memberId}`, { disabled: true })).status, 403);
    const disabled = await admin.call('PATCH', `/users/${memberId}`, { disabled: true });
    assert.equal(disabled.status, 200, JSON.stringify(disabled.body));
    assert.deepEqual(disabled.body, { id: memberId, role: 'member', disabled: true });
    assert.equal((await member.call('GET', '/session')).status, 401, 'the open session stops working');
    const users = (await admin.call('GET', '/users')).body.users as { id: string; disabled: boolean }[];
    assert.equal(users.find((u) => u.id === memberId)!.disabled, true);
    const reset = await admin.call('POST', `/users/${memberId}/password`);
    await assert.rejects(signIn(svc.server.url, 'dev@example.test', reset.body.password as string), /403.*USER_DISABLED/);

    const lead = ((await admin.call('GET', '/users')).body.users as { id: string; email: string }[]).find((u) => u.email === 'lead@example.test')!;
    const self = await admin.call('PATCH', `/users/${lead.id}`, { disabled: true });
    assert.equal(self.status, 409);
    assert.equal((self.body.error as { code: string }).code, 'SELF');
    // A second admin may not disable the only other enabled admin either.
    assert.equal((await admin.call('PATCH', `/users/${memberId}`, { disabled: false, role: 'admin' })).status, 200);
    member = await signIn(svc.server.url, 'dev@example.test', reset.body.password as string);
    assert.equal((await member.call('PATCH', `/users/${lead.id}`, { disabled: true })).status, 200, 'two admins: one may be disabled');
    const last = await admin.call('GET', '/session');
    assert.equal(last.status, 401, 'the disabled admin is signed out');
    const lastAdmin = await member.call('PATCH', `/users/${memberId}`, { role: 'member' });
    assert.equal(lastAdmin.status, 409, 'the only enabled admin keeps the role');
    assert.equal((await member.call('PATCH', `/users/${lead.id}`, { disabled: false })).status, 200);
    admin = await signIn(svc.server.url, 'lead@example.test', 'fake-password-a');
    assert.equal((await admin.call('PATCH', `/users/${memberId}`, { role: 'member' })).status, 200);
    assert.equal((await admin.call('PATCH', `/users/${memberId}`, {})).status, 400);
  });

  it('the scans list pages past its first page with a cursor, within its filters', async () => {
    const store = svc.server.core.store;
    const accountId = (await store.users.findByEmail('lead@example.test'))!.accountId;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await store.jobs.create({ accountId, kind: 'commit', repository: i % 2 ? 'odd' : 'even', ref: null, commit: null, options: {} })).id);
    }
    // Scans made in the same millisecond are ordered by id: the pages must follow the one-page order.
    const whole = ((await admin.call('GET', '/scans')).body.scans as { id: string }[]).map((s) => s.id).filter((id) => ids.includes(id));
    assert.equal(whole.length, 5);
    const seen: string[] = [];
    let before: string | null = null;
    for (let page = 0; page < 5; page++) {
      const answer = await admin.call('GET', `/scans?limit=2${before ? `&before=${before}` : ''}`);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      seen.push(...(answer.body.scans as { id: string }[]).map((s) => s.id));
      before = answer.body.nextCursor as string | null;
      if (!before) break;
    }
    assert.deepEqual(seen.filter((id) => ids.includes(id)), whole, 'every scan once, in the order of one long page');
    const even = await admin.call('GET', '/scans?repository=even&limit=2');
    assert.deepEqual((even.body.scans as { repository: string }[]).map((s) => s.repository), ['even', 'even']);
    const rest = await admin.call('GET', `/scans?repository=even&limit=2&before=${even.body.nextCursor}`);
    const evens = [...(even.body.scans as { id: string }[]), ...(rest.body.scans as { id: string }[])].map((s) => s.id);
    assert.deepEqual(evens.sort(), [ids[0], ids[2], ids[4]].sort());
    assert.equal(rest.body.nextCursor, null);
    assert.equal((await admin.call('GET', '/scans?before=nonsense')).status, 400);
  });

  it('users of another account are out of reach', async () => {
    const store = svc.server.core.store;
    const other = await store.accounts.create('other', 'free');
    const stranger = await store.users.create({ email: 'x@other.test', password: 'fake-password-x', admin: false, accountId: other.id });
    assert.equal((await admin.call('PATCH', `/users/${stranger.id}`, { role: 'admin' })).status, 404);
    assert.equal((await admin.call('POST', `/users/${stranger.id}/password`)).status, 404);
    assert.equal((await admin.call('PATCH', `/users/${stranger.id}`, { disabled: true })).status, 404);
    const emails = ((await admin.call('GET', '/users')).body.users as { email: string }[]).map((u) => u.email);
    assert.ok(!emails.includes('x@other.test'));
  });
});
