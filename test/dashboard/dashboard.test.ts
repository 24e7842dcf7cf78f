// End to end: the real `scanner serve` process, a git host on loopback, and
// Debian's Chromium driving the dashboard. Screenshots: test-output/screenshots/.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { openStore } from '../../src/service/service.ts';
import { createRepository, freePort, startGitHost, tempDir, type GitHost } from '../service/harness.ts';
import { startSlowGitHost, type SlowGitHost } from '../service/slow-git-host.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveBrowser = existsSync(CHROMIUM);
if (!haveBrowser && process.env.CI === 'true') throw new Error(`Chromium not found at ${CHROMIUM}; CI must install the chromium package`);
const SHOTS = path.resolve('test-output/screenshots');

let gitHost: GitHost;
/** The git host the server sees: acme/slow's pack never arrives, so its scan runs until cancelled. */
let proxy: SlowGitHost;
let data: { dir: string; remove(): void };
let server: ChildProcess;
let base = '';
let output = '';
let adminPassword = '';
let browser: Browser | undefined;

before(async () => {
  gitHost = await startGitHost();
  createRepository(gitHost.root, 'acme/app');
  createRepository(gitHost.root, 'acme/slow');
  // The same repository on a GitLab (under a path prefix) beside the GitHub stand-in.
  createRepository(gitHost.root, 'gitlab/acme/app');
  proxy = await startSlowGitHost(gitHost, (url) => url.startsWith('/acme/slow'));
  data = tempDir('dash');
  const port = await freePort();
  server = spawn(process.execPath, ['bin/scanner.js', 'serve', '--port', String(port), '--data-dir', data.dir], {
    env: {
      ...process.env,
      SCANNER_GITHUB_URL: proxy.url,
      SCANNER_GIT_HOSTS: JSON.stringify([{ kind: 'gitlab', url: `${proxy.url}/gitlab`, allowHttp: true }]),
      SCANNER_LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  const started = Date.now();
  while (!/scanner: serving (\S+)\/api\/v1/.test(output)) {
    if (Date.now() - started > 60_000 || server.exitCode !== null) throw new Error(`serve did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  base = /scanner: serving (\S+)\/api\/v1/.exec(output)![1];
  adminPassword = /password: (\S+)/.exec(output)![1];
  mkdirSync(SHOTS, { recursive: true });
  if (haveBrowser) {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }
});

after(async () => {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await proxy.stop();
  await gitHost.stop();
  data.remove();
});

async function signIn(email: string, password: string): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${base}/dashboard/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  const cookie = response.headers.get('set-cookie')!;
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Strict/);
  return { cookie: cookie.split(';')[0], csrf: ((await response.json()) as { csrfToken: string }).csrfToken };
}

test('without a session every page redirects to sign-in and every API route answers 401', async () => {
  for (const page of ['/', '/scans', '/keys', '/usage', '/users', '/account', '/scans/00000000-0000-4000-8000-000000000000']) {
    const response = await fetch(base + page, { redirect: 'manual' });
    assert.equal(response.status, 303, page);
    assert.match(response.headers.get('location')!, /^\/signin\?next=/);
  }
  const routes: [string, string][] = [
    ['GET', '/session'], ['GET', '/keys'], ['POST', '/keys'], ['DELETE', '/keys/key_x'], ['GET', '/scans'], ['POST', '/scans'],
    ['GET', '/scans/00000000-0000-4000-8000-000000000000'], ['GET', '/scans/00000000-0000-4000-8000-000000000000/events'],
    ['GET', '/scans/00000000-0000-4000-8000-000000000000/report.sarif'], ['GET', '/usage'], ['POST', '/signout'],
    ['PUT', '/scans/00000000-0000-4000-8000-000000000000/findings/vuln_x/dismissal'], ['GET', '/users'], ['POST', '/users'], ['PATCH', '/users/user_x'],
    ['POST', '/users/user_x/password'], ['POST', '/password'],
  ];
  for (const [method, route] of routes) {
    const response = await fetch(`${base}/dashboard/api${route}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
    assert.equal(response.status, 401, `${method} ${route}`);
  }
  // An API key is not a dashboard session.
  const response = await fetch(`${base}/dashboard/api/keys`, { headers: { 'x-api-key': 'scn_fake' } });
  assert.equal(response.status, 401);
});

test('the dashboard in Chromium: keys, a live scan, findings, revocation, usage; isolation and CSRF', { skip: !haveBrowser && 'no Chromium' , timeout: 240_000 }, async () => {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
  const page: Page = await context.newPage();
  const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

  await page.goto(`${base}/keys`);
  await page.waitForURL(/\/signin/);
  await page.getByLabel('Email').fill('admin@localhost');
  await page.getByLabel('Password').fill(adminPassword);
  await shot('01-sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/keys$/);

  // Usage before any scan.
  await page.getByRole('link', { name: 'Usage' }).click();
  await page.locator('#billed').waitFor();
  assert.match(await page.locator('#billed').innerText(), /^0 of /);

  // A key, shown once, works with the REST API.
  await page.getByRole('link', { name: 'API keys' }).click();
  await page.getByLabel('Key name').fill('e2e-key');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.locator('#new-key').innerText()).trim();
  assert.match(key, /^scn_/);
  await shot('02-key-created');
  const withKey = await fetch(`${base}/api/v1/jobs`, { headers: { 'x-api-key': key } });
  assert.equal(withKey.status, 200);
  await page.getByRole('button', { name: 'Done, I saved it' }).click();
  await page.getByRole('cell', { name: 'e2e-key', exact: true }).waitFor();
  assert.ok(!(await page.content()).includes(key), 'the key is not on the page after creation');
  await shot('03-keys');

  // A scan of the loopback repository, watched live.
  await page.getByRole('link', { name: 'Scans' }).click();
  await page.getByText('Start a scan').click();
  await page.getByLabel('Repository to scan').fill('acme/app');
  await page.getByRole('button', { name: 'Start scan' }).click();
  await page.waitForURL(/\/scans\/[0-9a-f-]{36}$/);
  const scanId = page.url().split('/').pop()!;
  await page.locator('#scan-status', { hasText: 'completed' }).waitFor({ timeout: 180_000 });
  assert.ok((await page.locator('#scan-log li').count()) > 0, 'progress events arrived on the page');
  await page.locator('details.finding summary').first().click();
  await page.getByRole('heading', { name: 'Remediation' }).first().waitFor();
  await shot('04-scan-finding');
  const sarif = await page.evaluate(async (id) => (await fetch(`/dashboard/api/scans/${id}/report.sarif`)).json(), scanId);
  assert.equal(sarif.version, '2.1.0');
  assert.ok(sarif.runs[0].results.length > 0);
  const markdown = await page.evaluate(async (id) => (await fetch(`/dashboard/api/scans/${id}/report.md`)).text(), scanId);
  assert.match(markdown, /#/);

  await page.getByRole('link', { name: 'Scans' }).click();
  await page.getByRole('link', { name: 'acme/app' }).waitFor();
  await shot('05-scans');

  // Revoke with confirmation; the API then refuses the key.
  await page.getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('button', { name: 'Revoke e2e-key' }).click();
  await shot('06-revoke-confirm');
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await page.getByText(/^revoked /).waitFor();
  assert.equal((await fetch(`${base}/api/v1/jobs`, { headers: { 'x-api-key': key } })).status, 401);

  await page.getByRole('link', { name: 'Usage' }).click();
  await page.locator('#billed').waitFor();
  assert.match(await page.locator('#billed').innerText(), /^1 of /);
  await shot('07-usage');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot('08-usage-phone');

  // CSRF: the session cookie alone cannot change anything.
  const cookie = (await context.cookies()).find((c) => c.name === 'scanner_session')!;
  const forged = await fetch(`${base}/dashboard/api/keys`, {
    method: 'POST',
    headers: { cookie: `scanner_session=${cookie.value}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'forged' }),
  });
  assert.equal(forged.status, 403);
  const csrfWrong = await fetch(`${base}/dashboard/api/keys/${'x'}`, { method: 'DELETE', headers: { cookie: `scanner_session=${cookie.value}`, 'x-csrf-token': 'wrong' } });
  assert.equal(csrfWrong.status, 403);

  // Another account sees none of it.
  const admin = await openStore({ dataDir: data.dir });
  const other = await admin.store.accounts.create('other', 'free');
  await admin.store.users.create({ email: 'other@example.test', password: 'fake-password-for-tests', admin: false, accountId: other.id });
  await admin.close();
  const session = await signIn('other@example.test', 'fake-password-for-tests');
  const get = (route: string) => fetch(`${base}/dashboard/api${route}`, { headers: { cookie: session.cookie } });
  assert.deepEqual(((await (await get('/keys')).json()) as { keys: unknown[] }).keys, []);
  assert.deepEqual(((await (await get('/scans')).json()) as { scans: unknown[] }).scans, []);
  assert.equal((await get(`/scans/${scanId}`)).status, 404);
  assert.equal((await get(`/scans/${scanId}/report.json`)).status, 404);
  const keys = ((await (await fetch(`${base}/dashboard/api/keys`, { headers: { cookie: `scanner_session=${cookie.value}` } })).json()) as { keys: { id: string }[] }).keys;
  const revokeOther = await fetch(`${base}/dashboard/api/keys/${keys[0].id}`, { method: 'DELETE', headers: { cookie: session.cookie, 'x-csrf-token': session.csrf } });
  assert.equal(revokeOther.status, 404);

  // Sign-out ends the session on the server.
  const signOut = await fetch(`${base}/dashboard/api/signout`, { method: 'POST', headers: { cookie: session.cookie, 'x-csrf-token': session.csrf } });
  assert.equal(signOut.status, 200);
  assert.equal((await get('/keys')).status, 401);

  // The key's secret is nowhere: not in logs, not in the database files.
  assert.ok(!output.includes(key), 'the key is not in the logs');
  for (const file of readdirSync(data.dir, { recursive: true }) as string[]) {
    const full = path.join(data.dir, file);
    if (!existsSync(full) || !readFileSync(full, { flag: 'r' }).length) continue;
    try {
      assert.ok(!readFileSync(full).includes(key), `the key is not in ${file}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EISDIR') throw error;
    }
  }
  await context.close();
});

test('sign-in locks out an email+address after repeated failures', async () => {
  const admin = await openStore({ dataDir: data.dir });
  const account = await admin.store.accounts.create('brute', 'free');
  await admin.store.users.create({ email: 'brute@example.test', password: 'fake-right-password', admin: false, accountId: account.id });
  await admin.close();
  const attempt = (password: string) =>
    fetch(`${base}/dashboard/api/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'brute@example.test', password }) });
  for (let i = 0; i < 5; i++) assert.equal((await attempt('wrong')).status, 401);
  const locked = await attempt('fake-right-password');
  assert.equal(locked.status, 429);
  assert.ok(Number(locked.headers.get('retry-after')) > 0);
  // A cross-site sign-in form is refused.
  const crossSite = await fetch(`${base}/dashboard/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
    body: JSON.stringify({ email: 'admin@localhost', password: adminPassword }),
  });
  assert.equal(crossSite.status, 403);
});

test('triage, cancel and roles in Chromium: dismiss with a reason, still dismissed in a re-scan; cancel a running scan; add a member and change their role', { skip: !haveBrowser && 'no Chromium', timeout: 300_000 }, async () => {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
  const page: Page = await context.newPage();
  const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  await page.goto(`${base}/scans`);
  await page.waitForURL(/\/signin/);
  await page.getByLabel('Email').fill('admin@localhost');
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/scans$/);

  const scanAcme = async () => {
    await page.getByRole('link', { name: 'Scans' }).click();
    await page.getByText('Start a scan').click();
    await page.getByLabel('Repository to scan').fill('acme/app');
    await page.getByRole('button', { name: 'Start scan' }).click();
    await page.waitForURL(/\/scans\/[0-9a-f-]{36}$/);
    await page.locator('#scan-status', { hasText: 'completed' }).waitFor({ timeout: 180_000 });
  };

  // Dismiss the first finding with a reason.
  await scanAcme();
  const first = page.locator('details.finding').first();
  const title = (await first.locator('summary').innerText()).replace(/\s+/g, ' ').trim();
  await first.locator('summary').click();
  await first.getByLabel('Dismiss as').selectOption('false_positive');
  await first.getByLabel('Reason').fill('the query is parameterised by the ORM');
  await shot('09-dismiss');
  await first.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('heading', { name: /Findings \(\d+ open, 1 dismissed\)/ }).waitFor();

  // A later scan of the repository shows it dismissed, with the reason and who did it.
  await scanAcme();
  await page.getByRole('heading', { name: /Findings \(\d+ open, 1 dismissed\)/ }).waitFor();
  await page.getByLabel('Show findings').selectOption('dismissed');
  const kept = page.locator('details.finding').first();
  assert.equal((await kept.locator('summary').innerText()).replace(/\s+/g, ' ').trim(), `${title} · dismissed`);
  await kept.locator('summary').click();
  await kept.getByText('Dismissed: False positive.').waitFor();
  assert.match(await kept.innerText(), /the query is parameterised by the ORM[\s\S]*admin@localhost/);
  await shot('10-dismissed-in-rescan');

  // A scan that fails says why on its page.
  await page.getByRole('link', { name: 'Scans' }).click();
  await page.getByText('Start a scan').click();
  await page.getByLabel('Repository to scan').fill('acme/missing');
  await page.getByRole('button', { name: 'Start scan' }).click();
  await page.locator('#scan-status', { hasText: 'failed' }).waitFor({ timeout: 120_000 });
  assert.match(await page.locator('#scan-error').innerText(), /could not fetch/);

  // A scan that hangs on the git host is cancelled from its page, which then says who did it.
  await page.getByRole('link', { name: 'Scans' }).click();
  await page.getByText('Start a scan').click();
  await page.getByLabel('Repository to scan').fill('acme/slow');
  await page.getByRole('button', { name: 'Start scan' }).click();
  await page.waitForURL(/\/scans\/[0-9a-f-]{36}$/);
  for (let i = 0; i < 400 && proxy.stalled() === 0; i++) await new Promise((r) => setTimeout(r, 50));
  assert.equal(proxy.stalled(), 1, 'the clone waits on the git host');
  // Watched live: the running scan's progress reaches the page while it still runs.
  await page.locator('#scan-log li', { hasText: 'Cloning acme/slow' }).waitFor();
  assert.equal(await page.locator('#scan-status').innerText(), 'running');
  await shot('10b-scan-running');
  await page.getByRole('button', { name: 'Cancel scan' }).click();
  await page.locator('#scan-status', { hasText: 'cancelled' }).waitFor({ timeout: 30_000 });
  assert.match(await page.locator('#scan-error').innerText(), /cancelled from the dashboard by admin@localhost/);
  assert.equal(await page.getByRole('button', { name: 'Cancel scan' }).count(), 0, 'a cancelled scan offers no cancel');
  for (let i = 0; i < 100 && proxy.stalled() > 0; i++) await new Promise((r) => setTimeout(r, 50));
  assert.equal(proxy.stalled(), 0, 'the clone was stopped');
  await page.getByRole('link', { name: 'Scans' }).click();
  await page.getByRole('row', { name: /acme\/slow.*cancelled/ }).waitFor();
  await shot('10c-scan-cancelled');

  // A key of the admin's, which a member will see but may not revoke.
  await page.getByRole('link', { name: 'API keys' }).click();
  await page.getByLabel('Key name').fill('lead-key');
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('button', { name: 'Done, I saved it' }).click();
  await page.getByRole('cell', { name: 'lead-key', exact: true }).waitFor();

  // Users: add a member (password shown once), make them admin, then member again.
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Email').fill('member@example.test');
  await page.locator('#user-role').selectOption('member');
  await page.getByRole('button', { name: 'Add user' }).click();
  const password = (await page.locator('#new-password').innerText()).trim();
  await page.getByRole('button', { name: 'Done' }).click();
  const role = page.getByLabel('Role of member@example.test');
  await role.selectOption('admin');
  const member = await signIn('member@example.test', password);
  const sessionRole = async () =>
    ((await (await fetch(`${base}/dashboard/api/session`, { headers: { cookie: member.cookie } })).json()) as { role: string }).role;
  for (let i = 0; i < 50 && (await sessionRole()) !== 'admin'; i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(await sessionRole(), 'admin');
  await role.selectOption('member');
  for (let i = 0; i < 50 && (await sessionRole()) !== 'member'; i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(await sessionRole(), 'member');
  await shot('11-users');

  // The member's own view: no Users page, and no Revoke button on keys they did not create.
  const memberContext = await browser!.newContext({ viewport: { width: 390, height: 844 } });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`${base}/signin`);
  await memberPage.getByLabel('Email').fill('member@example.test');
  await memberPage.getByLabel('Password').fill(password);
  await memberPage.getByRole('button', { name: 'Sign in' }).click();
  await memberPage.waitForURL(/\/scans$/);
  assert.equal(await memberPage.getByRole('link', { name: 'Users' }).count(), 0);
  await memberPage.getByRole('link', { name: 'API keys' }).click();
  await memberPage.getByRole('cell', { name: 'lead-key', exact: true }).waitFor();
  assert.equal(await memberPage.getByRole('button', { name: 'Revoke lead-key' }).count(), 0);
  await memberPage.getByLabel('Key name').fill('member-key');
  await memberPage.getByRole('button', { name: 'Create key' }).click();
  await memberPage.getByRole('button', { name: 'Done, I saved it' }).click();
  await memberPage.getByRole('button', { name: 'Revoke member-key' }).waitFor();
  await memberPage.screenshot({ path: path.join(SHOTS, '12-member-keys-phone.png'), fullPage: true });
  await memberContext.close();
  await context.close();
});

test('account and users in Chromium: a member changes their password; an admin resets it, disables and enables them; findings filtered, linked to the git host', { skip: !haveBrowser && 'no Chromium', timeout: 300_000 }, async () => {
  const admin = await signIn('admin@localhost', adminPassword);
  const added = (await (
    await fetch(`${base}/dashboard/api/users`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'writer@example.test', role: 'member' }),
    })
  ).json()) as { password: string };
  const signInStatus = async (password: string) =>
    (await fetch(`${base}/dashboard/api/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'writer@example.test', password }) })).status;
  const signInPage = async (page: Page, email: string, password: string) => {
    await page.goto(`${base}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/scans$/);
  };

  // The member changes their own password on the Account page (on a phone).
  const memberContext = await browser!.newContext({ viewport: { width: 390, height: 844 } });
  const memberPage = await memberContext.newPage();
  await signInPage(memberPage, 'writer@example.test', added.password);
  await memberPage.getByRole('link', { name: 'Account' }).click();
  await memberPage.getByLabel('Current password').fill(added.password);
  await memberPage.getByLabel('New password').fill('a-new-long-fake-password');
  await memberPage.getByRole('button', { name: 'Change password' }).click();
  await memberPage.getByText('Password changed.').waitFor();
  await memberPage.screenshot({ path: path.join(SHOTS, '13-account-phone.png'), fullPage: true });
  assert.ok(await memberPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing wider than the phone');
  assert.equal(await signInStatus(added.password), 401, 'the old password is gone');
  assert.equal(await signInStatus('a-new-long-fake-password'), 200);

  // The admin resets it from the Users page: a new password shown once, the member signed out.
  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInPage(page, 'admin@localhost', adminPassword);
  await page.getByRole('link', { name: 'Users' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Reset password of writer@example.test' }).click();
  const fresh = (await page.locator('#new-password').innerText()).trim();
  await page.getByRole('button', { name: 'Done' }).click();
  await memberPage.reload();
  await memberPage.waitForURL(/\/signin/);
  assert.equal(await signInStatus('a-new-long-fake-password'), 401);

  // Disabled: no sign-in; enabled again: the new password works.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Disable writer@example.test' }).click();
  await page.getByRole('button', { name: 'Enable writer@example.test' }).waitFor();
  await page.screenshot({ path: path.join(SHOTS, '14-users-disabled.png'), fullPage: true });
  assert.equal(await signInStatus(fresh), 403);
  await page.getByRole('button', { name: 'Enable writer@example.test' }).click();
  await page.getByRole('button', { name: 'Disable writer@example.test' }).waitFor();
  assert.equal(await signInStatus(fresh), 200);
  await memberContext.close();

  // A scan of a GitLab repository started by its URL; its findings filtered by severity, type
  // and file, each linked to its line in GitLab's form.
  await page.getByRole('link', { name: 'Scans' }).click();
  await page.getByText('Start a scan').click();
  await page.getByLabel('Repository to scan').fill(`${proxy.url}/gitlab/acme/app`);
  await page.screenshot({ path: path.join(SHOTS, '15a-start-scan-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Start scan' }).click();
  await page.waitForURL(/\/scans\/[0-9a-f-]{36}$/);
  await page.locator('#scan-status', { hasText: 'completed' }).waitFor({ timeout: 180_000 });
  // The page re-reads the finished scan once its stream ends: start from that answer.
  await page.reload();
  await page.getByRole('heading', { name: /Findings \(/ }).waitFor();
  await page.getByLabel('Show findings').selectOption('all');
  const findings = page.locator('details.finding');
  const all = await findings.count();
  assert.ok(all >= 2, 'the SQL injection and the history secret');
  await page.locator('#f-file').fill('users.js');
  await page.waitForFunction(() => Array.from(document.querySelectorAll('details.finding')).length > 0 && Array.from(document.querySelectorAll('#main section > h4')).every((h) => h.textContent?.includes('users.js')));
  await findings.first().locator('summary').click();
  const link = findings.first().getByRole('link', { name: /on the git host/ });
  // The remediation is markdown: its `code` spans are rendered as code.
  assert.ok((await findings.first().locator('.remediation code').count()) > 0, await findings.first().locator('.remediation').innerHTML());
  assert.match(String(await link.getAttribute('href')), new RegExp(`^${proxy.url}/gitlab/acme/app/-/blob/[0-9a-f]{40}/src/users\\.js#L\\d+$`));
  await page.locator('#f-file').fill('');
  await page.locator('#f-type').selectOption('HARDCODED_SECRET');
  await page.waitForFunction(() => document.querySelectorAll('details.finding').length > 0);
  assert.ok((await findings.count()) < all);
  await page.locator('#f-type').selectOption('');
  await page.locator('#f-severity').selectOption('low');
  await page.getByText('No findings match these filters.').waitFor();
  await page.screenshot({ path: path.join(SHOTS, '15-findings-filtered.png'), fullPage: true });
  await context.close();
});
