package com.example.invites;

import java.security.SecureRandom;
import java.util.Random;

public final class InviteCodes {

    private static final Random RNG = new Random();
    private static final SecureRandom SECURE = new SecureRandom();

    private InviteCodes() {
    }

    public static String inviteCode() {
        // ruleid: WEAK_RANDOM
        return Integer.toString(RNG.nextInt(1_000_000));
    }

    public static String apiToken() {
        byte[] bytes = new byte[24];
        // ok: WEAK_RANDOM
        SECURE.nextBytes(bytes);
        return java.util.HexFormat.of().formatHex(bytes);
    }

    public static String pin() {
        // ruleid: WEAK_RANDOM
        return String.valueOf((int) (Math.random() * 9000) + 1000);
    }

    public static long backoffMillis(int attempt) {
        Random jitterSource = new Random();
        // ok: WEAK_RANDOM
        return (1L << attempt) * 50L + jitterSource.nextInt(50);
    }

    /** Spreads periodic work of several instances over an hour. */
    public static long recurrenceMinutes() {
        // ok: WEAK_RANDOM
        return 60 + RNG.nextInt(30);
    }

    /** Id of a generated form element in the page. */
    public static String elementId() {
        // ok: WEAK_RANDOM
        return "item-" + Math.floor(Math.random() * 3000);
    }

    public static String passwordResetToken() {
        // ruleid: WEAK_RANDOM
        long value = RNG.nextLong();
        return Long.toHexString(value);
    }

    private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

    public static String nextReference() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            // ruleid: WEAK_RANDOM
            sb.append(ALPHABET.charAt(RNG.nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }
}
