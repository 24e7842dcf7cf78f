package com.example.shop.service;

import org.apache.commons.lang3.RandomStringUtils;
import org.springframework.stereotype.Service;

@Service
public class InviteService {

    /** The code in the link a shop owner sends to invite a colleague. */
    public String newInviteCode() {
        // commons-lang3 3.17 (pom.xml): RandomStringUtils' static methods use SecureRandom since 3.15.
        // ok: WEAK_RANDOM
        return RandomStringUtils.randomAlphanumeric(32);
    }

    /** The token of a password-reset link: `insecure()` is ThreadLocalRandom in every version. */
    public String newResetToken() {
        // ruleid: WEAK_RANDOM
        return RandomStringUtils.insecure().nextAlphanumeric(32);
    }
}
