package signing

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
)

// PasswordDigest is stored for accounts created by the v1 API.
func PasswordDigest(password, salt string) string {
	// ruleid: WEAK_HASH
	sum := sha1.Sum([]byte(salt + password))
	return hex.EncodeToString(sum[:])
}

// DownloadToken authorises a one-time download.
func DownloadToken(secret, file string) string {
	// ruleid: WEAK_HASH
	h := md5.New()
	h.Write([]byte(secret + file))
	return hex.EncodeToString(h.Sum(nil))
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

type folder struct{ path, modTime string }

// changed tells whether a folder's listing differs from the last scan.
func (f folder) changed(previous string) bool {
	// ok: WEAK_HASH
	h := sha1.New()
	h.Write([]byte(f.path + f.modTime))
	return hex.EncodeToString(h.Sum(nil)) != previous
}

// checkLogin compares a stored v1 digest with the submitted password.
func checkLogin(storedDigest, submitted, salt string) bool {
	// ruleid: WEAK_HASH
	credentialDigest := md5.Sum([]byte(submitted + salt))
	return hex.EncodeToString(credentialDigest[:]) == storedDigest
}
