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

    /** Stable identifier of an imported record, derived from its source path. */
    public static String recordId(String sourcePath) throws Exception {
        // ok: WEAK_HASH
        MessageDigest md = MessageDigest.getInstance("MD5");
        return HexFormat.of().formatHex(md.digest(sourcePath.getBytes(StandardCharsets.UTF_8)));
    }

    /** Checksum of a downloaded archive, kept beside its SHA-256. */
    public static String legacyDigest(byte[] archive) throws Exception {
        // ok: WEAK_HASH
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(archive));
    }

    public static boolean checkPassword(String submitted, String storedHex) throws Exception {
        // ruleid: WEAK_HASH
        MessageDigest md = MessageDigest.getInstance("MD5");
        return HexFormat.of().formatHex(md.digest(submitted.getBytes(StandardCharsets.UTF_8))).equals(storedHex);
    }
}
