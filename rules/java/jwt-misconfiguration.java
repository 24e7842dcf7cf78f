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

    public Claims unsigned(String token) {
        // ruleid: JWT_MISCONFIGURATION
        return Jwts.parserBuilder().build().parsePlaintextJwt(token).getBody() == null ? null : Jwts.claims();
    }

    public Claims signed(String token) {
        // ok: JWT_MISCONFIGURATION
        return Jwts.parserBuilder().setSigningKey(key).build().parseClaimsJws(token).getBody();
    }
}
