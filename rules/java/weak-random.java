package com.example.accounts;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Random;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

public final class ResetService {

    private static final Random RNG = new Random();
    private static final SecureRandom SECURE = new SecureRandom();
    private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

    interface Account {
        void setResetToken(String token);
        void setPassword(String password);
    }

    private static String code(int length) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length; i++) {
            // ruleid: WEAK_RANDOM
            sb.append(ALPHABET.charAt(new Random().nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }

    public void startReset(Account account) {
        account.setResetToken(code(24));
    }

    public void temporaryPassword(Account account) {
        // ruleid: WEAK_RANDOM
        String value = Long.toHexString(new Random().nextLong());
        account.setPassword(value);
    }

    public void remember(HttpServletRequest request, HttpServletResponse response) {
        // ruleid: WEAK_RANDOM
        Cookie cookie = new Cookie("remember", Double.toString(Math.random()).substring(2));
        cookie.setHttpOnly(true);
        cookie.setSecure(true);
        response.addCookie(cookie);
        // ruleid: WEAK_RANDOM
        request.getSession().setAttribute("csrf", Integer.toString(new Random().nextInt()));
    }

    public void secureReset(Account account) {
        byte[] bytes = new byte[24];
        SECURE.nextBytes(bytes);
        // ok: WEAK_RANDOM
        account.setResetToken(HexFormat.of().formatHex(bytes));
    }

    /** A throw-away password, hashed once so unknown users take as long as known ones. */
    private static final String DUMMY_HASH = hash(code(20));

    private static String hash(String value) {
        return Integer.toHexString(value.hashCode());
    }

    public static long backoffMillis(int attempt) {
        Random jitterSource = new Random();
        // ok: WEAK_RANDOM
        return (1L << attempt) * 50L + jitterSource.nextInt(50);
    }

    /** Id of a generated form element in the page. */
    public static String elementId() {
        // ok: WEAK_RANDOM
        return "item-" + Math.floor(Math.random() * 3000);
    }

    // Scanned without a manifest: the commons-lang version is unknown, and before 3.15 its static
    // methods drew from ThreadLocalRandom (frameworks/spring/ pins 3.17 and is not reported).
    public static String inviteCode() {
        // ruleid: WEAK_RANDOM
        return org.apache.commons.lang3.RandomStringUtils.randomAlphanumeric(32);
    }

    public static String couponCode() {
        // ruleid: WEAK_RANDOM
        return Long.toString(new Random().nextLong() & Long.MAX_VALUE, 36);
    }

    // A password nobody logs in with, compared against to equalise timing; SpotBugs' finding was reviewed.
    @edu.umd.cs.findbugs.annotations.SuppressFBWarnings(value = "PREDICTABLE_RANDOM", justification = "never a credential")
    private static String generatePassword() {
        // ok: WEAK_RANDOM
        return Long.toHexString(new Random().nextLong());
    }

    // A token-named function that only transforms what it is given is not where a token is made.
    static String deriveToken(String seed) {
        return Integer.toHexString(seed.hashCode());
    }

    public static int warmUpCache() {
        // ok: WEAK_RANDOM
        return deriveToken(Long.toHexString(new Random().nextLong())).length();
    }
}
