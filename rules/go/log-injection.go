package audit

import (
	"log"
	"net/http"
	"strings"
)

func Failed(w http.ResponseWriter, r *http.Request) {
	user := r.PostFormValue("user")
	// ruleid: LOG_INJECTION
	log.Println("login failed for", user)
}

func FailedQuoted(w http.ResponseWriter, r *http.Request) {
	// ok: LOG_INJECTION
	log.Printf("login failed for %q from %q", r.PostFormValue("user"), r.RemoteAddr)
}

func FailedStripped(w http.ResponseWriter, r *http.Request) {
	user := strings.NewReplacer("\n", " ", "\r", " ").Replace(r.PostFormValue("user"))
	// ok: LOG_INJECTION
	log.Printf("login failed for %s", user)
}
