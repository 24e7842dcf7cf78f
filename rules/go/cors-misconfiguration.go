package middleware

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/gin-contrib/cors"
	"github.com/gin-gonic/gin"
)

var allowed = map[string]bool{"https://shop.example.com": true}

func Reflect(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// ruleid: CORS_MISCONFIGURATION
		w.Header().Set("Access-Control-Allow-Origin", r.Header.Get("Origin"))
		w.Header().Set("Access-Control-Allow-Credentials", "true")
		next.ServeHTTP(w, r)
	})
}

func AllowListed(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if allowed[origin] {
			// ok: CORS_MISCONFIGURATION
			w.Header().Set("Access-Control-Allow-Origin", origin)
		}
		next.ServeHTTP(w, r)
	})
}

func Setup(router *gin.Engine) {
	// ruleid: CORS_MISCONFIGURATION
	router.Use(cors.New(cors.Config{AllowAllOrigins: true, AllowCredentials: true}))
	// ok: CORS_MISCONFIGURATION
	router.Use(cors.New(cors.Config{AllowAllOrigins: true, AllowMethods: []string{"GET"}}))
}

var trustedOrigins = map[string]bool{"https://admin.example.com": true}

// checkOrigin returns the request's origin once it is known to be trusted; the error
// quotes the rejected value for the client.
func checkOrigin(r *http.Request) (string, error) {
	origin := r.Header.Get("Origin")
	if !trustedOrigins[origin] {
		return "", fmt.Errorf("origin %q is not allowed", origin)
	}
	return origin, nil
}

func Admin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin, err := checkOrigin(r)
		if err != nil {
			http.Error(w, err.Error(), http.StatusForbidden)
			return
		}
		// ok: CORS_MISCONFIGURATION
		w.Header().Set("Access-Control-Allow-Origin", origin)
		next.ServeHTTP(w, r)
	})
}

func originAllowed(origin string) bool { return trustedOrigins[origin] }

func Console(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if !originAllowed(origin) {
			http.Error(w, "origin not allowed", http.StatusForbidden)
			return
		}
		// ok: CORS_MISCONFIGURATION
		w.Header().Set("Access-Control-Allow-Origin", origin)
		next.ServeHTTP(w, r)
	})
}

func writeJSON(w http.ResponseWriter, body []byte) {
	// ruleid: CORS_MISCONFIGURATION
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.Header().Set("Access-Control-Allow-Credentials", "true")
	w.Header().Set("Content-Type", "application/json")
	w.Write(body)
}

func writePublicJSON(w http.ResponseWriter, body []byte) {
	// Any origin reads it, but without the user's cookies: a public API.
	// ok: CORS_MISCONFIGURATION
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.Header().Set("Content-Type", "application/json")
	w.Write(body)
}

func ginCORS(c *gin.Context) {
	c.Header("Access-Control-Allow-Credentials", "true")
	// ruleid: CORS_MISCONFIGURATION
	c.Header("Access-Control-Allow-Origin", "*")
	c.Next()
}

func ginCORSListed(c *gin.Context) {
	c.Header("Access-Control-Allow-Credentials", "true")
	// ok: CORS_MISCONFIGURATION
	c.Header("Access-Control-Allow-Origin", "https://shop.example.com")
	c.Next()
}

// The origin answered only where it equals an entry of the configured list; an empty origin matches nothing
// the check vets, and a check against "" says nothing of the value.
func SiteCORS(allowed string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		for _, o := range strings.Split(allowed, ",") {
			if strings.TrimSpace(o) == origin {
				// ok: CORS_MISCONFIGURATION
				w.Header().Set("Access-Control-Allow-Origin", origin)
				break
			}
		}
		if origin != "" {
			// ruleid: CORS_MISCONFIGURATION
			w.Header().Set("Access-Control-Allow-Origin", origin)
		}
		next.ServeHTTP(w, r)
	})
}
