// Values beside a credential-like name that are not credentials, class by class, each with
// a generated value of the same place that must still be reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findSecrets } from '../../src/engine/secrets/index.ts';
import { notASecretReason, wordShaped } from '../../src/engine/secrets/values.ts';

// Fake values generated for these tests.
const RANDOM = ['KU8bnRPvIRuM9psGtcpFGKTZ', 'k8sXqTwmZpRvLnKb7YdH3', 'x9kLmNopQrstW', 'MyD78sdgRS7YkiRLOE', 'AbAZchsay4uBTU33RubBzLKw203yqSqr', '4219e299c89411838049ab0dab19ebd5'];

test('names, keys, selectors and constants are word-shaped; generated values are not', () => {
  const names = [
    'Bitpay.APIKey',
    'reverse_proxy.tls_h1_only',
    'halo.security.oauth2.jwt.public-key-location',
    'input[type=password]',
    'input[name=""__RequestVerificationToken""]',
    'updatedAt-DESC',
    'SAML2_SP_x509_KEY',
    'L2VPN.status',
    'social_core.backends.azuread.AzureADOAuth2',
    'PaymentRequestsMigration3',
    'X-Parse-REST-API-Key',
    'API-Token',
    'vpp_rkrga=format=bgra:afbc=1',
    'com.j256.two-factor-auth:two-factor-auth:1.3',
    'WirelessLAN.status',
    'hmac-sha384',
    'isPublic',
    'k8sContainersDatatable',
    'K8sApplicationConsoleRW',
    'K8sClusterW',
  ];
  for (const name of names) assert.ok(wordShaped(name), name);
  for (const value of RANDOM) assert.ok(!wordShaped(value), value);
});

test('each class of non-secret has its reason', () => {
  const cases: [string, string][] = [
    ['status_test_{$rand}', 'interpolation'],
    ['searchperson-{name}', 'interpolation'],
    ['discord.reverse.{}', 'interpolation'],
    ['user:{0}:prefs', 'interpolation'],
    ['md5$seasalt$1e9bf2bf5606aa5c39852cc30f0f6f22', 'password-hash'],
    ['pbkdf2_sha256$600000$Xk2Lq9$Zm9vYmFyYmF6cXV4', 'password-hash'],
    ['#jbcrypt:$2a$10$Nm37vwdZwJ5T2QTBwYuBYONHD3qKilgd5UO7wuDXI83z5dAdrgi4i', 'password-hash'],
    ['$$2y$$05$$Lq8wVt3nKx7rBz2mYc5pDeJh4sFu9gAo1iWk6lRtNv0bXyQmPzHsC', 'password-hash'],
    ['$apr1$Hq7vLm2x$Wk9rTb4nJm3xQv8kLr5tW/', 'password-hash'],
    ['EJ[1:KKpY4gFROZgU3nTJ7lUto/EafWg339DZ1dzsgZsc4NI=:0RCDCSuqeGS1MQczeZHOhIFJYTNLb3Qk:FIuicmuE030ZenT2ZqDxVPSc7EziRipHUAfwhw9u]', 'encrypted-value'],
    ['ENC[AES256_GCM,data:7r4CjQ77QMApfLRBYv8EBNlL,iv:WB+yqbtV9oZwoFAquaUeQBtmdsHYQe9UkqhcBXfui0U=,tag:lfHz7q4UhdkOaZTGHkU98w==,type:str]', 'encrypted-value'],
    ['<div>Actualizado</div>', 'markup'],
    ['{"provider":"standard"}', 'structured'],
    ['npm:^4.0.0', 'version'],
    ['eclairpassword', 'placeholder'],
    ['adminpassword123', 'placeholder'],
    ['Password12!', 'placeholder'],
    ['t0ps3cr3t_node', 'placeholder'],
    ['fakeToken2', 'placeholder'],
    ['API_TOKEN_SECRET', 'placeholder'],
    // The database server it opens: the password of a local container.
    ['SqlServer2026!?', 'placeholder'],
    ['Postgres!23', 'placeholder'],
  ];
  for (const [value, reason] of cases) assert.equal(notASecretReason(value), reason, value);
  for (const value of RANDOM) assert.equal(notASecretReason(value), null, value);
});

test('in code: keys, selectors, lookups and format strings go, generated values stay', () => {
  const notSecrets = [
    'public const string ApiKeyAuthentication = "Bitpay.APIKey";',
    'const csrfToken = document.querySelector("meta[name=token]")?.getAttribute("content");',
    'const tokenRow = anchorRevoke.closest(".token-card");',
    'restAPIKey: req.get("X-Parse-REST-API-Key"),',
    'String key = "halo.security.oauth2.jwt.public-key-location";',
    'let reverse_key = format!("discord.reverse.{}", conn_id);',
    // a format slot followed by `_` is still a slot
    "$idKey = sprintf('%s_account_id', $direction);",
    '"password": "md5$seasalt$1e9bf2bf5606aa5c39852cc30f0f6f22",',
  ];
  for (const line of notSecrets) assert.deepEqual(findSecrets('src/app.cs', `${line}\n`), [], line);
  for (const value of RANDOM) assert.equal(findSecrets('src/app.cs', `public const string ApiKey = "${value}";\n`).length, 1, value);
});

test('a format slot followed by an underscore is a format; followed by a letter or digit it may be a password', () => {
  assert.equal(notASecretReason('%s_account_id'), 'format-string');
  assert.equal(notASecretReason('%d_qz7kp2lw9v'), 'format-string');
  assert.equal(notASecretReason('Qz7%sKp2Lw9vRt', { chosenByPeople: true }), null);
});

test('under a password name a word and a number is still a password; under a key it is a name', () => {
  assert.equal(notASecretReason('Welcome2024', { chosenByPeople: true }), null);
  assert.equal(notASecretReason('Welcome2024'), 'words');
  // Identifiers with several parts stay identifiers under a password name too.
  assert.equal(notASecretReason('input[type=password2]', { chosenByPeople: true }), 'placeholder');
  assert.equal(notASecretReason('vpp_scale=format=nv12:pass=1', { chosenByPeople: true }), 'words');
  assert.equal(findSecrets('.env', 'ADMIN_PASSWORD=Welcome2024\n').length, 1);
  assert.deepEqual(findSecrets('.env', 'MIGRATION_KEY=InvoiceExportMigration2\n'), []);
});

test('a Basic credential is judged by its decoded password', () => {
  const header = (user: string, password: string) => `Authorization: 'Basic ${Buffer.from(`${user}:${password}`).toString('base64')}',\n`;
  assert.deepEqual(findSecrets('src/client.js', header('username', 'password')), []);
  assert.deepEqual(findSecrets('src/client.js', header('demo', 'changeme')), []);
  assert.equal(findSecrets('src/client.js', header('svc-billing', 'Tq7#vLm2$Wz9pKc4')).length, 1);
});

test('the start of a template expression is no literal; `@name` only in Razor and Blade', () => {
  for (const value of ['<%=ENV.fetch(', '<%=raw(', '{{csrf_token(', '{%url(', '{!!json_encode(']) assert.equal(notASecretReason(value), 'template-expression', value);
  for (const value of ['@string.Join(', '@(Model.Tokens[', '@json($keys']) {
    assert.equal(notASecretReason(value, { atExpressions: true }), 'template-expression', value);
    assert.notEqual(notASecretReason(value), 'template-expression', value);
  }
  // `@@` writes a literal `@`; a password may start with `@` anywhere else.
  assert.equal(notASecretReason('@@Qv7mZk2LxW9t', { atExpressions: true }), null);
  assert.equal(notASecretReason('@Qv7mZk2LxW9t'), null);
  assert.deepEqual(findSecrets('Views/Tree.cshtml', '<li data-token="@string.Join(".", tokens)">\n'), []);
  assert.equal(findSecrets('Views/Tree.html', '<li data-token="@Qv7mZk2LxW9t">\n').length, 1);
});

test('the passwords a SQL script sets for database users and logins', async () => {
  const { passwordsSetBySql } = await import('../../src/engine/secrets/setup-scripts.ts');
  const sql = [
    "create user 'shop'@'%' identified by 'Qv7sKpW#2931x';",
    "GRANT ALL ON shop.* TO 'app'@'localhost' IDENTIFIED BY \"Ab3dEf9hIj\";",
    "ALTER USER 'x'@'%' IDENTIFIED WITH mysql_native_password BY 'Mn4bVc8xZl';",
    'CREATE USER scott IDENTIFIED BY tiger42;',
    "CREATE USER old IDENTIFIED BY PASSWORD '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9';",
    "CREATE ROLE reporting WITH LOGIN ENCRYPTED PASSWORD 'it''s-Rp4x';",
    "CREATE LOGIN etl WITH PASSWORD = 'Et9LqW2zPx7c', CHECK_POLICY = OFF;",
    "SET PASSWORD FOR 'root'@'localhost' = PASSWORD('Rt5yU8iO1p');",
    "INSERT INTO users (name, password) VALUES ('admin', 'Hq2wE3rT4y');",
  ].join('\n');
  assert.deepEqual(passwordsSetBySql(sql).sort(), ['Ab3dEf9hIj', 'Et9LqW2zPx7c', 'Mn4bVc8xZl', 'Qv7sKpW#2931x', 'Rt5yU8iO1p', "it's-Rp4x", 'tiger42'].sort());
});

test('a constant name with padded or doubled underscores is a name, not its value', () => {
  for (const value of ['LOCALE__', 'USER__INFO__', '__BASIC_TABLE_CONTEXT_KEY__', 'PACK__AUTH__CONFIG__KEY__', '_SESSION_KEY'])
    assert.equal(notASecretReason(value), 'environment-name', value);
  // A generated value is not upper case throughout, nor one word without an underscore.
  for (const value of ['Kp9x_Q2mWv7Rt4Zb8', 'JZ4QW7XK2MB9LR3T', '__Kp9xQ2mWv7Rt4Zb8__']) assert.notEqual(notASecretReason(value), 'environment-name', value);
  const code = [
    "export const USER_INFO_KEY = 'USER__INFO__';",
    "const key = inject<symbol>('__BASIC_TABLE_CONTEXT_KEY__');",
    "export const AUTH_TOKEN = 'Kp9xQ2mWv7Rt4Zb8Ny3Lc6Jd';",
  ].join('\n');
  assert.deepEqual(findSecrets('src/enums/cache.ts', code).map((f) => f.line), [3]);
});

test("a BPMN modeler's element id is a workflow step's address, not a key", () => {
  for (const value of ['Task_1bhxpt0', 'Activity_0wdbbd6', 'ExclusiveGateway_0abc123', 'Flow_1x2y3z4', 'UserTask_09ql3zx', 'StartEvent_1k2m3n4'])
    assert.equal(notASecretReason(value), 'diagram-element-id', value);
  // Another word before the suffix, a longer or mixed-case suffix: not a modeler's id.
  for (const value of ['Token_1bhxpt0', 'Task_1bHxPt0Qz', 'Task_1bhxpt0k9']) assert.notEqual(notASecretReason(value), 'diagram-element-id', value);
  const code = ['String SUPERVISE_FIRST_TASK_KEY = "Task_1bhxpt0";', 'String SIGNING_KEY = "Qz7Wm_1bhxpt0k9R4";'].join('\n');
  assert.deepEqual(findSecrets('src/main/java/Constants.java', code).map((f) => f.line), [2]);
});

test('a counted repetition or a look-ahead makes a value a pattern', () => {
  for (const value of ['^.{6,256}$', '.{8,64}', 'a.{3,}b']) assert.equal(notASecretReason(value), 'regex', value);
  for (const value of RANDOM) assert.equal(notASecretReason(value), null, value);
  const code = [
    "password: new FormControl('', [Validators.required, Validators.pattern(\"^.{6,256}$\")]),",
    "password: new FormControl('', [Validators.required, Validators.pattern('^(?=.*[0-9]).{8,}$')]),",
    "password: new FormControl('Qz7Wm_1bhxpt0k9R4'),",
  ].join('\n');
  assert.deepEqual(findSecrets('src/app/login.component.ts', code).map((f) => f.line), [3]);
});

test('a request to replace the value, written in digits for letters, is a placeholder', () => {
  for (const value of ['ch4n63m31fy0uc4n', 'r3pl4c3m3n0w', 'Ch4ngeMe_2024', '3x4mpl3-s1gn1ng']) assert.equal(notASecretReason(value), 'placeholder', value);
  for (const value of RANDOM) assert.equal(notASecretReason(value), null, value);
  assert.deepEqual(findSecrets('.env', 'APP_SECRET=ch4n63m31fy0uc4n\nJWT_SECRET=Qz7Wm4k9R2xTb8Nc6Lp3').map((f) => f.line), [2]);
});

test("a namespaced class name is words joined by the namespace's backslash", () => {
  for (const value of ['Wallabag\\Entity\\Api\\AuthCode', 'App\\\\Security\\\\HmacAuthenticator', 'Acme\\Auth\\ClientCredentials']) assert.equal(notASecretReason(value), 'words', value);
  for (const value of ['Kp9x\\Q2mWv7Rt4Zb8', ...RANDOM]) assert.notEqual(notASecretReason(value), 'words', value);
  const yaml = ['fos_oauth_server:', '    auth_code_class:     Acme\\Entity\\Api\\AuthCode', '    signing_key: Qz7Wm4k9R2xTb8Nc6Lp3'].join('\n');
  assert.deepEqual(findSecrets('app/config/config.yml', yaml).map((f) => f.line), [3]);
});

test('a keyboard shortcut is what a key map binds, not a key', () => {
  for (const value of ['mod+home', 'Ctrl+Shift+K', 'alt+ArrowLeft', 'cmd+option+i', 'Ctrl+F12']) assert.equal(notASecretReason(value), 'key-chord', value);
  for (const value of ['Kp9x+Q2mWv7Rt4Zb8', 'ctrl+Kp9xQ2mWv7Rt4Zb8']) assert.notEqual(notASecretReason(value), 'key-chord', value);
  const code = ["  { key: 'mod+home', action: 'focusFirst' },", "  { key: 'Qz7Wm+4k9R2xTb8Nc6Lp3', action: 'sign' },"].join('\n');
  assert.deepEqual(findSecrets('src/Components/keyboardShortcuts.tsx', code).map((f) => f.line), [2]);
});

test('a family of environment variable names, a * for one part, is a name', () => {
  for (const value of ['HD_AUTH_LDAP_*_BIND_CREDENTIALS', 'OAUTH_*_CLIENT_ID_KEY']) assert.equal(notASecretReason(value), 'environment-name', value);
  for (const value of ['*_*', 'KP9X_*Q2M']) assert.notEqual(notASecretReason(value), 'environment-name', value);
  const code = ["  bindCredentials: z.string().optional().describe('HD_AUTH_LDAP_*_BIND_CREDENTIALS'),", "  bindCredentials: 'Qz7Wm4k9R2xTb8Nc6Lp3',"].join('\n');
  assert.deepEqual(findSecrets('src/config/auth.config.ts', code).map((f) => f.line), [2]);
});
