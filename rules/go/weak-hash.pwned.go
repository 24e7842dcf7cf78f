package password

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
)

// The Pwned Passwords range API takes SHA-1 (k-anonymity: the first five hex digits of the digest are
// sent, the rest compared locally); nothing is stored, and the service decides the digest.
type breachChecker struct {
	client  *http.Client
	apiHost string // api.pwnedpasswords.com unless the operator runs a mirror
}

func (c *breachChecker) HaveIBeenPwned(password string) (bool, error) {
	// ok: WEAK_HASH
	h := sha1.New()
	h.Write([]byte(password))
	digest := strings.ToUpper(hex.EncodeToString(h.Sum(nil)))
	res, err := c.client.Get(fmt.Sprintf("https://%s/range/%s", c.apiHost, digest[:5]))
	if err != nil {
		return false, err
	}
	defer res.Body.Close()
	return res.StatusCode == http.StatusOK, nil
}

// A digest kept beside the account is a stored password hash, whatever else the file does.
func legacyDigest(password string) string {
	// ruleid: WEAK_HASH
	sum := sha1.Sum([]byte(password))
	return hex.EncodeToString(sum[:])
}
