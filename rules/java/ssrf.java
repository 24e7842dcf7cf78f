package com.example.webhooks;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;

@RestController
public class WebhookTester {

    private final RestTemplate restTemplate = new RestTemplate();

    @PostMapping("/webhooks/test")
    public int test(@RequestParam String endpoint) throws IOException {
        // ruleid: SSRF
        HttpURLConnection conn = (HttpURLConnection) new URL(endpoint).openConnection();
        return conn.getResponseCode();
    }

    @PostMapping("/webhooks/fetch")
    public String fetch(@RequestParam String endpoint) {
        // ruleid: SSRF
        return restTemplate.getForObject(endpoint, String.class);
    }

    @PostMapping("/webhooks/status")
    public String status(@RequestParam String hookId) {
        // ok: SSRF
        return restTemplate.getForObject("https://hooks.example.com/v1/status/{id}", String.class, hookId);
    }

    @PostMapping("/webhooks/lookup")
    public InputStream lookup(@RequestParam String name) throws IOException {
        String encoded = URLEncoder.encode(name, StandardCharsets.UTF_8);
        // ok: SSRF
        return new URL("https://directory.example.com/lookup?name=" + encoded).openStream();
    }

    /** Form check: only parses the submitted URL, it opens no connection. */
    public static String checkUpdateSite(jakarta.servlet.http.HttpServletRequest request) throws java.io.IOException {
        // ok: SSRF
        java.net.URL site = new java.net.URL(request.getParameter("site"));
        return site.getProtocol().equals("https") ? "ok" : "insecure";
    }

    /** A Jenkins-style form check: Stapler binds the field's value to the @QueryParameter. */
    public static String doCheckMirror(@org.kohsuke.stapler.QueryParameter String value) throws java.io.IOException {
        // ruleid: SSRF
        java.net.URL mirror = new java.net.URL(value);
        java.net.HttpURLConnection con = (java.net.HttpURLConnection) mirror.openConnection();
        return con.getResponseCode() == 200 ? "ok" : "unreachable";
    }
}

@RestController
class LinkPreviewController {

    @PostMapping("/preview")
    public String preview(@RequestParam String url) throws IOException {
        // ruleid: SSRF
        return org.jsoup.Jsoup.connect(url).get().title();
    }

    @PostMapping("/preview/hutool")
    public String previewHutool(@RequestParam String url) {
        // ruleid: SSRF
        return cn.hutool.http.HttpUtil.get(url);
    }

    @PostMapping("/preview/banned-redirects")
    public String previewNoRedirects(@RequestParam String url) {
        // ruleid: SSRF
        return restTemplateBanRedirects.exchange(url, org.springframework.http.HttpMethod.GET, null, String.class).getBody();
    }

    private final RestTemplate restTemplateBanRedirects = new RestTemplate();

    @PostMapping("/preview/wiki")
    public String wiki(@RequestParam String page) throws IOException {
        // ok: SSRF
        return org.jsoup.Jsoup.connect("https://en.wikipedia.org/wiki/" + URLEncoder.encode(page, StandardCharsets.UTF_8)).get().title();
    }
}

/** Spring's data-store templates share method names with RestTemplate (delete, execute, put): a key, not a URL. */
@RestController
class CacheController {

    private final org.springframework.data.redis.core.RedisTemplate<String, Object> redisTemplate;
    private final org.springframework.data.redis.core.StringRedisTemplate template;

    CacheController(org.springframework.data.redis.core.RedisTemplate<String, Object> redisTemplate,
                    org.springframework.data.redis.core.StringRedisTemplate template) {
        this.redisTemplate = redisTemplate;
        this.template = template;
    }

    @PostMapping("/cache/evict")
    public Boolean evict(@RequestParam String key) {
        // ok: SSRF
        return redisTemplate.delete("session:" + key);
    }

    @PostMapping("/cache/evict-all")
    public Long evictAll(@RequestParam java.util.List<String> keys) {
        // ok: SSRF
        return template.delete(keys);
    }
}

/** A Redis helper whose template comes from elsewhere: the name says which template it is. */
class CacheHelper {
    private final org.springframework.data.redis.core.RedisOperations<String, Object> ops;
    private final RedisHolder holder;

    CacheHelper(org.springframework.data.redis.core.RedisOperations<String, Object> ops, RedisHolder holder) {
        this.ops = ops;
        this.holder = holder;
    }

    static class RedisHolder { org.springframework.data.redis.core.StringRedisTemplate stringRedisTemplate; }

    public void drop(jakarta.servlet.http.HttpServletRequest request) {
        // ok: SSRF
        holder.stringRedisTemplate.delete(request.getParameter("key"));
    }
}

/** The "test connection" form of an admin panel: the JDBC URL is the client's. */
@RestController
class DataSourceCheckController {
    private final DataSourceSettings settings;

    DataSourceCheckController(DataSourceSettings settings) {
        this.settings = settings;
    }

    static class DataSourceSettings {
        String url;
        String getUrl() { return url; }
    }

    static class ConnectionForm {
        private String jdbcUrl;
        private String userName;
        private String pwd;
        String getJdbcUrl() { return jdbcUrl; }
        String getUserName() { return userName; }
        String getPwd() { return pwd; }
    }

    @PostMapping("/datasources/test")
    public boolean test(@org.springframework.web.bind.annotation.RequestBody ConnectionForm form) throws Exception {
        // Taking "=true" out of named options leaves `autoDeserialize=yes`.
        String url = form.getJdbcUrl().replaceAll("(?i)autoDeserialize=true", "autoDeserialize=false");
        com.alibaba.druid.pool.DruidDataSource pool = new com.alibaba.druid.pool.DruidDataSource();
        // ruleid: SSRF
        pool.setUrl(url);
        pool.setUsername(form.getUserName());
        pool.setPassword(form.getPwd());
        // ruleid: SSRF
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(form.getJdbcUrl(), form.getUserName(), form.getPwd())) {
            return c.isValid(3);
        }
    }

    @PostMapping("/datasources/pool")
    public javax.sql.DataSource pool(@RequestParam String url, @RequestParam String user) {
        com.zaxxer.hikari.HikariConfig config = new com.zaxxer.hikari.HikariConfig();
        // ruleid: SSRF
        config.setJdbcUrl(url);
        // ruleid: SSRF
        return org.springframework.boot.jdbc.DataSourceBuilder.create().username(user).url(url).build();
    }

    @PostMapping("/datasources/login")
    public boolean login(@RequestParam String user, @RequestParam String password) throws Exception {
        // The server's own URL; only the credentials are the client's.
        // ok: SSRF
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(settings.getUrl(), user, password)) {
            return c.isValid(3);
        }
    }

    @PostMapping("/datasources/configured")
    public void configured(@RequestParam String user) {
        com.alibaba.druid.pool.DruidDataSource pool = new com.alibaba.druid.pool.DruidDataSource();
        // ok: SSRF
        pool.setUrl(settings.getUrl());
        pool.setUsername(user);
        // A setter of another type that happens to be named setUrl.
        Bookmark bookmark = new Bookmark();
        // ok: SSRF
        bookmark.setUrl(user);
    }

    static class Bookmark {
        String url;
        void setUrl(String url) { this.url = url; }
    }
}
