package com.example.security;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

import jakarta.servlet.http.HttpServletRequest;
import org.apache.commons.codec.digest.DigestUtils;

public final class Accounts {

    record User(String name, String password) {
        String getPassword() { return password; }
    }

    /** The method name says nothing; the data is a password. */
    public static String digestOf(String password) throws Exception {
        // ruleid: WEAK_HASH
        MessageDigest md = MessageDigest.getInstance("MD5");
        return HexFormat.of().formatHex(md.digest(password.getBytes(StandardCharsets.UTF_8)));
    }

    public static String store(User user, String salt) {
        // ruleid: WEAK_HASH
        return DigestUtils.sha1Hex(salt + user.getPassword());
    }

    public static boolean login(HttpServletRequest request, String stored) throws Exception {
        // ruleid: WEAK_HASH
        MessageDigest sha = MessageDigest.getInstance("SHA-1");
        sha.update(request.getParameter("password").getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(sha.digest()).equals(stored);
    }

    /** The installer's form: the administrator's password under a name run together. */
    public static String install(HttpServletRequest request) throws Exception {
        return HashUtil.md5(request.getParameter("adminpass"));
    }

    /** A cache-bypass switch is no password. */
    public static String bypassKey(HttpServletRequest request) throws Exception {
        // ok: WEAK_HASH
        MessageDigest md = MessageDigest.getInstance("MD5");
        md.update(request.getParameter("bypass").getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(md.digest());
    }

    /** The password's bytes kept in a local first: an array of bytes still holds the text. */
    public static String legacyHash(String password) throws Exception {
        // ruleid: WEAK_HASH
        MessageDigest md = MessageDigest.getInstance("MD5");
        byte[] encoded = password.getBytes(StandardCharsets.UTF_16LE);
        return HexFormat.of().formatHex(md.digest(encoded));
    }

    public static String strong(String password) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        // ok: WEAK_HASH
        return HexFormat.of().formatHex(md.digest(password.getBytes(StandardCharsets.UTF_8)));
    }

    public static String cacheKey(String url) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("MD5");
        // ok: WEAK_HASH
        return HexFormat.of().formatHex(digest.digest(url.getBytes(StandardCharsets.UTF_8)));
    }

    /** Checksum of a downloaded archive, kept beside its SHA-256. */
    public static String archiveDigest(InputStream in) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-1");
        byte[] buffer = new byte[8192];
        for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
            // ok: WEAK_HASH
            md.update(buffer, 0, n);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /** Fallback check of signed update-site metadata: SHA-1 of public JSON. */
    public static boolean metadataMatches(byte[] json, String expected) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA1");
        // ok: WEAK_HASH
        return HexFormat.of().formatHex(digest.digest(json)).equals(expected);
    }
}

final class HashUtil {
    static String md5(String text) throws Exception {
        // ruleid: WEAK_HASH
        MessageDigest md = MessageDigest.getInstance("MD5");
        md.update(text.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(md.digest());
    }
}
