package com.example.tokens;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.interfaces.DecodedJWT;
import io.jsonwebtoken.Claims;
import io.jsonwebtoken.Jwts;

import java.security.Key;

public final class TokenReader {

    private final Algorithm algorithm;
    private final Key key;

    public TokenReader(Algorithm algorithm, Key key) {
        this.algorithm = algorithm;
        this.key = key;
    }

    public String subject(String token) {
        // ruleid: JWT_MISCONFIGURATION
        DecodedJWT jwt = JWT.decode(token);
        return jwt.getSubject();
    }

    public String verifiedSubject(String token) {
        String keyId = JWT.decode(token).getKeyId();
        // ok: JWT_MISCONFIGURATION
        DecodedJWT jwt = JWT.require(algorithm).withClaim("kid", keyId).build().verify(token);
        return jwt.getSubject();
    }

    // A client that keeps the tokens a server issued to it reads when they expire, to refresh in time.
    public long refreshAt(String issuedToken, String refreshToken, long now) {
        // ok: JWT_MISCONFIGURATION
        long accessExpiry = JWT.decode(issuedToken).getExpiresAtAsInstant().toEpochMilli();
        // ok: JWT_MISCONFIGURATION
        long skew = JWT.decode(issuedToken).getIssuedAt().getTime() - now;
        // ok: JWT_MISCONFIGURATION
        return Math.min(accessExpiry, JWT.decode(refreshToken).getExpiresAt().getTime()) - skew;
    }

    public String role(String token) {
        // ruleid: JWT_MISCONFIGURATION
        return JWT.decode(token).getClaim("role").asString();
    }

    public Claims unsigned(String token) {
        // ruleid: JWT_MISCONFIGURATION
        return Jwts.parserBuilder().build().parsePlaintextJwt(token).getBody() == null ? null : Jwts.claims();
    }

    public Claims signed(String token) {
        // ok: JWT_MISCONFIGURATION
        return Jwts.parserBuilder().setSigningKey(key).build().parseClaimsJws(token).getBody();
    }
}
