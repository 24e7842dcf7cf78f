package com.example.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

import org.apache.commons.codec.digest.DigestUtils;

public final class Tokens {

    private Tokens() {
    }

    public static String hashApiKey(String apiKey) throws Exception {
        // ruleid: WEAK_HASH
        MessageDigest digest = MessageDigest.getInstance("SHA-1");
        return HexFormat.of().formatHex(digest.digest(apiKey.getBytes(StandardCharsets.UTF_8)));
    }

    public static String hashApiKeyV2(String apiKey) throws Exception {
        // ok: WEAK_HASH
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        return HexFormat.of().formatHex(digest.digest(apiKey.getBytes(StandardCharsets.UTF_8)));
    }

    public static String resetCode(String email, long time) {
        // ruleid: WEAK_HASH
        return DigestUtils.md5Hex(email + ":" + time);
    }

    public static String cacheKey(String url) throws Exception {
        // ok: WEAK_HASH
        MessageDigest digest = MessageDigest.getInstance("MD5");
        return HexFormat.of().formatHex(digest.digest(url.getBytes(StandardCharsets.UTF_8)));
    }
}
