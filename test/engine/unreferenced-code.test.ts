// Findings inside code nothing can call (src/engine/unreferenced-code.ts) are left out, and only
// where the whole project was scanned; a caller anywhere in the tree, in any file, keeps them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanProject } from '../helpers/scan-project.ts';
import type { Finding } from '../../src/engine/index.ts';

const POM = '<project><modelVersion>4.0.0</modelVersion><artifactId>shop</artifactId></project>\n';
const APPLICATION = `package shop;
import org.springframework.boot.autoconfigure.SpringBootApplication;
@SpringBootApplication
public class ShopApplication {
    public static void main(String[] args) { }
}
`;
// A helper class whose SSL post builds an SSL context that trusts every certificate. The strings
// and comments hold braces and the helper's own name, as real code does.
const HTTP_HELPER = `package shop.util;
import javax.net.ssl.*;
import java.security.cert.X509Certificate;

public class HttpHelper {
    /** Posts over TLS; see sslPost(String, String, String) { for the content type }. */
    public static String sslPost(String url, String body) {
        return sslPost(url, body, "application/x-www-form-urlencoded");
    }

    public static String sslPost(String url, String body, String contentType) {
        try {
            SSLContext sc = SSLContext.getInstance("TLS");
            sc.init(null, new TrustManager[] { new TrustingManager() }, new java.security.SecureRandom());
            System.out.println("sslPost { " + url);
            return body;
        } catch (Exception e) {
            return "sslPost failed }";
        }
    }

    private static class TrustingManager implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[] {};
        }
    }
}
`;
const CALLER = `package shop.web;
import shop.util.HttpHelper;

public class PaymentClient {
    public String notify(String url) {
        return HttpHelper.sslPost(url, "ok");
    }
}
`;

const trustAll = (findings: Finding[]) => findings.filter((f) => f.ruleId === 'java.trust-all-certificates').map((f) => `${f.file}:${f.line}`);

test('a trust-all manager that only an uncalled static helper constructs is not reported in an application', async () => {
  const findings = await scanProject({ 'pom.xml': POM, 'src/main/java/shop/ShopApplication.java': APPLICATION, 'src/main/java/shop/util/HttpHelper.java': HTTP_HELPER });
  assert.deepEqual(trustAll(findings), []);
});

test('a caller in another file keeps it, and so does a mention in a template or configuration file', async () => {
  const called = await scanProject({ 'pom.xml': POM, 'src/main/java/shop/ShopApplication.java': APPLICATION, 'src/main/java/shop/util/HttpHelper.java': HTTP_HELPER, 'src/main/java/shop/web/PaymentClient.java': CALLER });
  assert.deepEqual(trustAll(called), ['src/main/java/shop/util/HttpHelper.java:28']);
  const named = await scanProject({
    'pom.xml': POM,
    'src/main/java/shop/ShopApplication.java': APPLICATION,
    'src/main/java/shop/util/HttpHelper.java': HTTP_HELPER,
    'src/main/resources/templates/pay.html': '<a th:href="${T(shop.util.HttpHelper).sslPost(url, body)}">pay</a>\n',
  });
  assert.deepEqual(trustAll(named), ['src/main/java/shop/util/HttpHelper.java:28']);
});

test('a library keeps its public static helpers (they are its API), and a partial scan judges nothing', async () => {
  const library = await scanProject({ 'pom.xml': POM, 'src/main/java/shop/util/HttpHelper.java': HTTP_HELPER });
  assert.deepEqual(trustAll(library), ['src/main/java/shop/util/HttpHelper.java:28']);
  const oneFile = await scanProject({ 'src/main/java/shop/util/HttpHelper.java': HTTP_HELPER });
  assert.deepEqual(trustAll(oneFile), ['src/main/java/shop/util/HttpHelper.java:28']);
});

test('a private class whose only user is a live method is reported; an annotated static method is a framework entry', async () => {
  const live = HTTP_HELPER.replace('public static String sslPost(String url, String body) {', 'public String post(String url, String body) {');
  const findings = await scanProject({ 'pom.xml': POM, 'src/main/java/shop/ShopApplication.java': APPLICATION, 'src/main/java/shop/util/HttpHelper.java': live });
  assert.deepEqual(trustAll(findings), ['src/main/java/shop/util/HttpHelper.java:28']);
  const bean = HTTP_HELPER.replace(
    '    public static String sslPost(String url, String body, String contentType) {',
    '    @org.springframework.context.annotation.Bean\n    public static String sslPost(String url, String body, String contentType) {',
  );
  const annotated = await scanProject({ 'pom.xml': POM, 'src/main/java/shop/ShopApplication.java': APPLICATION, 'src/main/java/shop/util/HttpHelper.java': bean });
  assert.deepEqual(trustAll(annotated), ['src/main/java/shop/util/HttpHelper.java:29']);
});

// A Laravel validation rule runs only where a form request or validator names it.
const DATE_RULE = `<?php
/*
 * IsRecentDate.php: a rule { with braces } in its doc block.
 */
namespace App\\Rules;

use Closure;
use Illuminate\\Contracts\\Validation\\ValidationRule;
use Illuminate\\Support\\Facades\\Log;

class IsRecentDate implements ValidationRule
{
    public function validate(string $attribute, mixed $value, Closure $fail): void
    {
        $start = request()->get('start');
        Log::error(sprintf('Invalid start date "%s"', $start));
    }
}
`;
const FORM_REQUEST = `<?php
namespace App\\Http\\Requests;

use App\\Rules\\IsRecentDate;

class ReportRequest
{
    public function rules(): array
    {
        return ['start' => ['required', new IsRecentDate()]];
    }
}
`;
const COMPOSER = '{ "name": "acme/books", "require": { "laravel/framework": "^11.0" } }\n';
const logLines = (findings: Finding[]) => findings.filter((f) => f.ruleId === 'php.log-injection').map((f) => `${f.file}:${f.line}`);

test('a validation rule class that no form names is not reported; named by one, it is', async () => {
  const unused = await scanProject({ 'composer.json': COMPOSER, 'artisan': '#!/usr/bin/env php\n', 'app/Rules/IsRecentDate.php': DATE_RULE });
  assert.deepEqual(logLines(unused), []);
  const used = await scanProject({ 'composer.json': COMPOSER, 'artisan': '#!/usr/bin/env php\n', 'app/Rules/IsRecentDate.php': DATE_RULE, 'app/Http/Requests/ReportRequest.php': FORM_REQUEST });
  assert.deepEqual(logLines(used), ['app/Rules/IsRecentDate.php:16']);
});
