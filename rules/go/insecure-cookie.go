package web

import (
	"net/http"

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

func SetGinSession(c *gin.Context, token string) {
	// ruleid: INSECURE_COOKIE
	c.SetCookie("refresh_token", token, 86400, "/", "", true, false)
	// ok: INSECURE_COOKIE
	c.SetCookie("theme", "dark", 86400, "/", "", false, false)
}
