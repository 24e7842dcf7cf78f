package signing

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
)

type User struct {
	Name     string
	Password string
}

// Digest is stored for accounts created by the v1 API; the function name says nothing.
func Digest(password, salt string) string {
	// ruleid: WEAK_HASH
	sum := sha1.Sum([]byte(salt + password))
	return hex.EncodeToString(sum[:])
}

// tokenFor hands the client md5(password + salt) as its API token.
func tokenFor(u *User, salt string) string {
	// ruleid: WEAK_HASH
	t := md5.Sum([]byte(u.Password + salt))
	return hex.EncodeToString(t[:])
}

func legacyLogin(r *http.Request, stored string) bool {
	h := md5.New()
	// ruleid: WEAK_HASH
	io.WriteString(h, r.PostFormValue("password"))
	return hex.EncodeToString(h.Sum(nil)) == stored
}

func streamed(u *User) []byte {
	// ruleid: WEAK_HASH
	h := sha1.New()
	h.Write([]byte(u.Password))
	return h.Sum(nil)
}

// DownloadTokenV2 authorises a one-time download.
func DownloadTokenV2(secret, file []byte) string {
	// ok: WEAK_HASH
	mac := hmac.New(sha256.New, secret)
	mac.Write(file)
	return hex.EncodeToString(mac.Sum(nil))
}

// CacheKey names cached thumbnails.
func CacheKey(url string) string {
	// ok: WEAK_HASH
	sum := md5.Sum([]byte(url))
	return hex.EncodeToString(sum[:])
}

// albumID derives a stable identifier from library metadata.
func albumID(artist, title string) string {
	// ok: WEAK_HASH
	sum := md5.Sum([]byte(artist + "\\" + title))
	return hex.EncodeToString(sum[:])
}

// fileChecksum reads a file through MD5.
func fileChecksum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := md5.New()
	// ok: WEAK_HASH
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

type apiClient struct{ secret string }

// sign adds the signature a partner API defines: MD5 over the sorted public parameters and the shared secret.
func (c *apiClient) sign(params url.Values) {
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	msg := strings.Builder{}
	for _, k := range keys {
		msg.WriteString(k + params.Get(k))
	}
	msg.WriteString(c.secret)
	// ok: WEAK_HASH
	hash := md5.Sum([]byte(msg.String()))
	params.Add("api_sig", hex.EncodeToString(hash[:]))
}
