package com.example.vault;

import java.security.KeyPairGenerator;
import java.security.SecureRandom;

import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;

public final class TokenCipher {

    private static final byte[] IV = "0123456789abcdef".getBytes();
    private final SecretKey key;
    private final SecureRandom random = new SecureRandom();

    public TokenCipher(SecretKey key) {
        this.key = key;
    }

    public byte[] legacy(byte[] data) throws Exception {
        // ruleid: WEAK_CRYPTO
        Cipher cipher = Cipher.getInstance("DESede/CBC/PKCS5Padding");
        cipher.init(Cipher.ENCRYPT_MODE, key);
        return cipher.doFinal(data);
    }

    public byte[] blocks(byte[] data) throws Exception {
        // ruleid: WEAK_CRYPTO
        Cipher cipher = Cipher.getInstance("AES/ECB/NoPadding");
        cipher.init(Cipher.ENCRYPT_MODE, key);
        return cipher.doFinal(data);
    }

    public byte[] fixedIv(byte[] data) throws Exception {
        Cipher cipher = Cipher.getInstance("AES/CBC/PKCS5Padding");
        // ruleid: WEAK_CRYPTO
        cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(IV));
        return cipher.doFinal(data);
    }

    public byte[] fixedGcmNonce(byte[] data) throws Exception {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        // ruleid: WEAK_CRYPTO
        cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, "0123456789ab".getBytes()));
        return cipher.doFinal(data);
    }

    public byte[] seal(byte[] data) throws Exception {
        byte[] nonce = new byte[12];
        random.nextBytes(nonce);
        // ok: WEAK_CRYPTO
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        // ok: WEAK_CRYPTO
        cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, nonce));
        return cipher.doFinal(data);
    }

    public byte[] wrapKey(byte[] data, java.security.PublicKey publicKey) throws Exception {
        // ok: WEAK_CRYPTO
        Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding");
        cipher.init(Cipher.WRAP_MODE, publicKey);
        return cipher.doFinal(data);
    }

    public byte[] encryptConfigured(java.util.Properties settings, byte[] data) throws Exception {
        String algorithm = settings.getProperty("cipher.algorithm", "DESede/ECB/PKCS5Padding");
        // ruleid: WEAK_CRYPTO
        Cipher cipher = Cipher.getInstance(algorithm);
        return cipher.doFinal(data);
    }

    public byte[] encryptConfiguredInline(java.util.Properties settings, byte[] data) throws Exception {
        // ruleid: WEAK_CRYPTO
        Cipher cipher = Cipher.getInstance(settings.getProperty("cipher.algorithm", "DES/CBC/PKCS5Padding"));
        return cipher.doFinal(data);
    }

    public byte[] encryptConfiguredModern(java.util.Properties settings, byte[] data) throws Exception {
        String algorithm = settings.getProperty("cipher.algorithm", "AES/GCM/NoPadding");
        // ok: WEAK_CRYPTO
        Cipher cipher = Cipher.getInstance(algorithm);
        // ok: WEAK_CRYPTO
        Cipher fromSetting = Cipher.getInstance(settings.getProperty("cipher.algorithm"));
        return cipher.doFinal(data);
    }

    public static javax.crypto.KeyGenerator legacyKeys() throws Exception {
        // ruleid: WEAK_CRYPTO
        return javax.crypto.KeyGenerator.getInstance("DES");
    }

    public static KeyPairGenerator signingKeys() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        // ruleid: WEAK_CRYPTO
        generator.initialize(512);
        return generator;
    }
}
