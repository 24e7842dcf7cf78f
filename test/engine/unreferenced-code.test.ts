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

// A class library beside a web application in one repository is a package other code calls.
const SERIALIZER = `using Newtonsoft.Json;

namespace Shop.Core.Extensions
{
    public static class SerializationExtensions
    {
        public static string SerializeJson(this object value)
        {
            return JsonConvert.SerializeObject(value, DefaultSettings());
        }

        private static JsonSerializerSettings DefaultSettings()
        {
            return new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.Auto };
        }
    }
}
`;
const typeNames = (findings: Finding[]) => findings.filter((f) => f.ruleId === 'csharp.typenamehandling').map((f) => `${f.file}:${f.line}`);

test("C#: a library project's unused public helpers stay reported beside a web project; the web project's own are judged", async () => {
  const solution = {
    'Shop.sln': 'Microsoft Visual Studio Solution File, Format Version 12.00\n',
    'src/Shop.Web/Shop.Web.csproj': '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    'src/Shop.Web/Program.cs': 'var app = WebApplication.CreateBuilder(args).Build();\napp.Run();\n',
    'src/Shop.Core/Shop.Core.csproj': '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><IsPackable>true</IsPackable></PropertyGroup></Project>\n',
  };
  const inLibrary = await scanProject({ ...solution, 'src/Shop.Core/Extensions/SerializationExtensions.cs': SERIALIZER });
  assert.deepEqual(typeNames(inLibrary), ['src/Shop.Core/Extensions/SerializationExtensions.cs:14']);
  const inApplication = await scanProject({ ...solution, 'src/Shop.Web/Extensions/SerializationExtensions.cs': SERIALIZER });
  assert.deepEqual(typeNames(inApplication), []);
});

test('Java: the methods of a class that calls methods by computed names, and private bean accessors, are reachable', async () => {
  const reflective = HTTP_HELPER.replace(
    '    private static class TrustingManager',
    '    public Object run(String command) throws Exception {\n        return getClass().getDeclaredMethod(command + "Cmd").invoke(this);\n    }\n\n    private static class TrustingManager',
  );
  const findings = await scanProject({ 'pom.xml': POM, 'src/main/java/shop/ShopApplication.java': APPLICATION, 'src/main/java/shop/util/HttpHelper.java': reflective });
  // A method of this class may be called by a name the code computes: none is judged...
  assert.deepEqual(trustAll(findings), ['src/main/java/shop/util/HttpHelper.java:32']);
  const accessor = `package shop.domain;
import javax.net.ssl.*;
import java.security.cert.X509Certificate;

public class Account {
    private SSLContext context;

    private void setContext(String protocol) throws Exception {
        SSLContext sc = SSLContext.getInstance(protocol);
        sc.init(null, new TrustManager[] { new X509TrustManager() {
            public void checkClientTrusted(X509Certificate[] chain, String authType) { }
            public void checkServerTrusted(X509Certificate[] chain, String authType) { }
            public X509Certificate[] getAcceptedIssuers() { return null; }
        } }, null);
        this.context = sc;
    }
}
`;
  // ...while a private setter that no code calls is Hibernate's or Jackson's to call.
  const bean = await scanProject({ 'pom.xml': POM, 'src/main/java/shop/ShopApplication.java': APPLICATION, 'src/main/java/shop/domain/Account.java': accessor });
  assert.deepEqual(trustAll(bean), ['src/main/java/shop/domain/Account.java:12']);
});
