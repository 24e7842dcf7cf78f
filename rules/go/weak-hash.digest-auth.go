// An HTTP Digest (RFC 7616) client: the server's challenge names the algorithm, and MD5 is what most
// servers offer. HA1 = MD5(user:realm:password) is the protocol's computation, not a stored hash.
package webdav

import (
	"crypto/md5"
	"encoding/hex"
	"fmt"
)

func md5Hex(text string) string {
	// ok: WEAK_HASH
	hasher := md5.New()
	hasher.Write([]byte(text))
	return hex.EncodeToString(hasher.Sum(nil))
}

func digestAuthorization(parts map[string]string, password string) string {
	ha1 := md5Hex(parts["username"] + ":" + parts["realm"] + ":" + password)
	ha2 := md5Hex("GET:" + parts["uri"])
	response := md5Hex(fmt.Sprintf("%s:%s:%s", ha1, parts["nonce"], ha2))
	return fmt.Sprintf(`Digest username="%s", realm="%s", nonce="%s", response="%s"`, parts["username"], parts["realm"], parts["nonce"], response)
}

func digestResponse(user, realm, password, nonce string) string {
	// ok: WEAK_HASH
	ha1 := md5.Sum([]byte(user + ":" + realm + ":" + password))
	return hex.EncodeToString(ha1[:]) + ":" + nonce
}

// An htdigest file line keeps HA1 with no challenge: a stored password hash.
func htdigestLine(user, realm, password string) string {
	// ruleid: WEAK_HASH
	ha1 := md5.Sum([]byte(user + ":" + realm + ":" + password))
	return user + ":" + realm + ":" + hex.EncodeToString(ha1[:])
}

// A stored password hash is still one.
func storedHash(password string) string {
	// ruleid: WEAK_HASH
	sum := md5.Sum([]byte(password))
	return hex.EncodeToString(sum[:])
}
