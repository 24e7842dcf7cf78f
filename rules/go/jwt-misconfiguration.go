package tokens

import (
	"errors"

	"github.com/golang-jwt/jwt/v5"
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
