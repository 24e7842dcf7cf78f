package tokens

import (
	"context"
	"errors"

	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/oauth2"

	"example.com/app/jwk"
)

var key = []byte(nil)

func Subject(raw string) (string, error) {
	claims := jwt.MapClaims{}
	// ruleid: JWT_MISCONFIGURATION
	if _, _, err := jwt.NewParser().ParseUnverified(raw, claims); err != nil {
		return "", err
	}
	sub, _ := claims["sub"].(string)
	return sub, nil
}

func KeyID(raw string) (string, error) {
	// ok: JWT_MISCONFIGURATION
	tok, _, err := jwt.NewParser().ParseUnverified(raw, jwt.MapClaims{})
	if err != nil {
		return "", err
	}
	kid, _ := tok.Header["kid"].(string)
	if _, err := jwt.Parse(raw, func(*jwt.Token) (any, error) { return key, nil }, jwt.WithValidMethods([]string{"HS256"})); err != nil {
		return "", err
	}
	return kid, nil
}

func Unsigned() (string, error) {
	// ruleid: JWT_MISCONFIGURATION
	tok := jwt.NewWithClaims(jwt.SigningMethodNone, jwt.MapClaims{"sub": "svc"})
	// ruleid: JWT_MISCONFIGURATION
	s, err := tok.SignedString(jwt.UnsafeAllowNoneSignatureType)
	if err != nil {
		return "", errors.New("sign")
	}
	return s, nil
}

// The id_token of a code exchange came from the provider's token endpoint over TLS (OIDC Core 3.1.3.7).
func IDTokenClaims(token *oauth2.Token) (jwt.MapClaims, error) {
	idToken, _ := token.Extra("id_token").(string)
	claims := jwt.MapClaims{}
	// ok: JWT_MISCONFIGURATION
	if _, _, err := jwt.NewParser().ParseUnverified(idToken, claims); err != nil {
		return nil, err
	}
	return claims, nil
}

// Claims read first, the signature then checked against the provider's keys.
func VerifiedIDToken(ctx context.Context, idToken, jwksURL string) (jwt.MapClaims, error) {
	claims := jwt.MapClaims{}
	// ok: JWT_MISCONFIGURATION
	if _, _, err := jwt.NewParser().ParseUnverified(idToken, claims); err != nil {
		return nil, err
	}
	if err := jwt.NewValidator(jwt.WithExpirationRequired()).Validate(claims); err != nil {
		return nil, err
	}
	if err := jwk.ValidateTokenSignature(ctx, idToken, jwksURL); err != nil {
		return nil, err
	}
	return claims, nil
}

// Checking the claims is no signature check.
func CheckedClaims(raw string) (jwt.MapClaims, error) {
	claims := jwt.MapClaims{}
	// ruleid: JWT_MISCONFIGURATION
	if _, _, err := jwt.NewParser().ParseUnverified(raw, claims); err != nil {
		return nil, err
	}
	return claims, jwt.NewValidator(jwt.WithExpirationRequired()).Validate(claims)
}
