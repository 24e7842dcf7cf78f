package accounts

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"math/big"
	mathrand "math/rand"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/sessions"
)

const letters = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"

type Account struct {
	Email      string
	ResetToken string
	Password   string
}

var store = sessions.NewCookieStore([]byte("x"))

func randomString(n int) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		// ruleid: WEAK_RANDOM
		sb.WriteString(strconv.Itoa(mathrand.Intn(10)))
	}
	return sb.String()
}

// StartReset stores a reset token drawn from math/rand on the account (through a helper).
func StartReset(a *Account) {
	a.ResetToken = randomString(32)
}

func newVisitor(w http.ResponseWriter, r *http.Request) {
	// ruleid: WEAK_RANDOM
	id := strconv.FormatInt(mathrand.Int63(), 36)
	http.SetCookie(w, &http.Cookie{Name: "visitor", Value: id, HttpOnly: true, Secure: true})
	s, _ := store.Get(r, "app")
	// ruleid: WEAK_RANDOM
	s.Values["csrf"] = strconv.Itoa(mathrand.Intn(1_000_000))
	_ = s.Save(r, w)
}

func provision(a *Account) {
	rng := mathrand.New(mathrand.NewSource(time.Now().UnixNano()))
	// ruleid: WEAK_RANDOM
	a.Password = strconv.FormatUint(rng.Uint64(), 36)
}

func secureReset(a *Account) error {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return err
	}
	// ok: WEAK_RANDOM
	a.ResetToken = hex.EncodeToString(b)
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return err
	}
	// ok: WEAK_RANDOM
	a.Password = n.String()
	return nil
}

// RetryBackoff spaces out reconnect attempts.
func RetryBackoff(attempt int) time.Duration {
	// ok: WEAK_RANDOM
	return time.Duration(attempt)*time.Second + time.Duration(mathrand.Int63n(int64(time.Second)))
}

// spillName names a temporary file no one else guesses or relies on.
func spillName(dir string) string {
	// ok: WEAK_RANDOM
	return dir + "/spill-" + strconv.Itoa(mathrand.Intn(1_000_000)) + ".tmp"
}

// scheduleOrder spreads work across a queue in random order.
func scheduleOrder(n int) []int {
	// ok: WEAK_RANDOM
	return mathrand.Perm(n)
}

// sample keeps about one request in a hundred for tracing.
func sample(r *http.Request) bool {
	// ok: WEAK_RANDOM
	return mathrand.Float64() < 0.01
}

// tokenIssued reads the issue time a token file stores as four bytes: encoding/binary's byte orders decode
// numbers, they draw none.
func tokenIssued(data []byte) (tokenTime time.Time) {
	// ok: WEAK_RANDOM
	return time.Unix(int64(binary.LittleEndian.Uint32(data)), 0)
}

func tokenSerial(data []byte) (token uint64) {
	// ok: WEAK_RANDOM
	return binary.BigEndian.Uint64(data) ^ binary.NativeEndian.Uint64(data[8:])
}

func fallbackToken() (token uint64) {
	// ruleid: WEAK_RANDOM
	return mathrand.Uint64()
}
