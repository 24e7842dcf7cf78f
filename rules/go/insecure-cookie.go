package web

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

func SetSession(w http.ResponseWriter, id string) {
	// ruleid: INSECURE_COOKIE
	http.SetCookie(w, &http.Cookie{Name: "sid", Value: id, Path: "/", Secure: true})
	// ok: INSECURE_COOKIE
	http.SetCookie(w, &http.Cookie{Name: "lang", Value: "en", Path: "/"})
	// ok: INSECURE_COOKIE
	http.SetCookie(w, &http.Cookie{Name: "auth_token", Value: id, Path: "/", Secure: true, HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

// Secure computed from the request's scheme or the deployment's setting: set wherever the site is served over
// HTTPS (a cookie marked Secure on a plain-HTTP request is dropped, so a site also served on HTTP must choose).
func SetViewerKey(w http.ResponseWriter, r *http.Request, key string, cfg struct{ HTTPS bool }) {
	// ok: INSECURE_COOKIE
	http.SetCookie(w, &http.Cookie{Name: "viewer-token", Value: key, HttpOnly: true, Secure: r.TLS != nil})
	// ok: INSECURE_COOKIE
	http.SetCookie(w, &http.Cookie{Name: "viewer-session", Value: key, HttpOnly: true, Secure: cfg.HTTPS})
	// ruleid: INSECURE_COOKIE
	http.SetCookie(w, &http.Cookie{Name: "viewer-session", Value: key, HttpOnly: true, Secure: false})
	// ruleid: INSECURE_COOKIE
	http.SetCookie(w, &http.Cookie{Name: "viewer-session", Value: key, Secure: cfg.HTTPS})
}

func SetGinSession(c *gin.Context, token string) {
	// ruleid: INSECURE_COOKIE
	c.SetCookie("refresh_token", token, 86400, "/", "", true, false)
	// ok: INSECURE_COOKIE
	c.SetCookie("theme", "dark", 86400, "/", "", false, false)
	// A marker the page's script reads (its value empty or a flag) or a cookie being cleared holds no secret.
	// ok: INSECURE_COOKIE
	c.SetCookie("login_hint_expiry", "", 3600, "/", "", secureRequest(c), false)
	// ok: INSECURE_COOKIE
	c.SetCookie("auth_present", "1", 3600, "/", "", secureRequest(c), false)
	// ok: INSECURE_COOKIE
	c.SetCookie("session_id", token, -1, "/", "", false, false)
	// ruleid: INSECURE_COOKIE
	c.SetCookie("session_id", token, 3600, "/", "", secureRequest(c), false)
}

func secureRequest(c *gin.Context) bool {
	return c.Request.TLS != nil
}

// A cookie put on a request (an outgoing client call, or the incoming request handed on) travels in
// a Cookie header, which has no Secure or HttpOnly attribute; a cookie being cleared carries nothing.
func CallUpstream(token string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, "https://upstream.example/api", nil)
	if err != nil {
		return nil, err
	}
	// ok: INSECURE_COOKIE
	req.AddCookie(&http.Cookie{Name: "upstream-token", Value: token})
	return http.DefaultClient.Do(req)
}

// The OAuth state nonce the callback compares, and a flag the page's script reads, hold no session.
func StartOAuth(w http.ResponseWriter, state string) {
	// ok: INSECURE_COOKIE
	http.SetCookie(w, &http.Cookie{Name: "oauthstate", Value: state, Expires: time.Now().Add(time.Hour)})
	// ok: INSECURE_COOKIE
	http.SetCookie(w, &http.Cookie{Name: "is_user_authorized", Value: "true", Path: "/"})
	// ruleid: INSECURE_COOKIE
	http.SetCookie(w, &http.Cookie{Name: "oauth_token", Value: state, Expires: time.Now().Add(time.Hour)})
	// ruleid: INSECURE_COOKIE
	http.SetCookie(w, &http.Cookie{Name: "auth", Value: "true" + state, Path: "/"})
}

func Logout(w http.ResponseWriter, r *http.Request) {
	// ok: INSECURE_COOKIE
	http.SetCookie(w, &http.Cookie{Name: "session", Value: "", MaxAge: -1, Path: "/"})
	// ok: INSECURE_COOKIE
	r.AddCookie(&http.Cookie{Name: "token", Value: ""})
	// ruleid: INSECURE_COOKIE
	http.SetCookie(w, &http.Cookie{Name: "session", Value: r.FormValue("next"), MaxAge: 3600, Path: "/"})
}

// gorilla/sessions: the store's options decide the session cookie's flags (HttpOnly off unless set).
func Remember(w http.ResponseWriter, r *http.Request, store *sessions.CookieStore, https bool) {
	session, _ := store.Get(r, "app")
	// ruleid: INSECURE_COOKIE
	session.Options = &sessions.Options{Path: "/", MaxAge: 3600, HttpOnly: false}
	// ruleid: INSECURE_COOKIE
	store.Options = &sessions.Options{Path: "/", MaxAge: 3600}
	// ok: INSECURE_COOKIE
	store.Options = &sessions.Options{Path: "/", MaxAge: 3600, HttpOnly: true, Secure: https}
	// ok: INSECURE_COOKIE
	session.Options = &sessions.Options{MaxAge: -1, HttpOnly: false}
	_ = session.Save(r, w)
}
