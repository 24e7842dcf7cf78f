package codes

import (
	"crypto/rand"
	"math/big"
	"strconv"
	mathrand "math/rand"
	"time"
)

const digits = "0123456789"

// OneTimeCode is sent by SMS for two-factor login.
func OneTimeCode() string {
	out := make([]byte, 6)
	for i := range out {
		// ruleid: WEAK_RANDOM
		out[i] = digits[mathrand.Intn(len(digits))]
	}
	return string(out)
}

// OneTimeCodeV2 is sent by SMS for two-factor login.
func OneTimeCodeV2() (string, error) {
	out := make([]byte, 6)
	for i := range out {
		// ok: WEAK_RANDOM
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(digits))))
		if err != nil {
			return "", err
		}
		out[i] = digits[n.Int64()]
	}
	return string(out), nil
}

// RetryBackoff spaces out reconnect attempts.
func RetryBackoff(attempt int) time.Duration {
	// ok: WEAK_RANDOM
	return time.Duration(attempt)*time.Second + time.Duration(mathrand.Int63n(int64(time.Second)))
}

// InviteCode is mailed to invited team members.
func InviteCode() string {
	rng := mathrand.New(mathrand.NewSource(time.Now().UnixNano()))
	// ruleid: WEAK_RANDOM
	return string(digits[rng.Intn(len(digits))])
}

// provision sets up a new account; the variable says what the value is for.
func provision(user string) string {
	// ruleid: WEAK_RANDOM
	resetToken := strconv.FormatInt(mathrand.Int63(), 36)
	return user + ":" + resetToken
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

