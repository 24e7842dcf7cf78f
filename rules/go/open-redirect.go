package login

import (
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"
)

var landing = map[string]string{"orders": "/orders", "cart": "/cart"}

func AfterLogin(w http.ResponseWriter, r *http.Request) {
	// ruleid: OPEN_REDIRECT
	http.Redirect(w, r, r.FormValue("next"), http.StatusSeeOther)
}

func AfterLoginSafe(w http.ResponseWriter, r *http.Request) {
	target, ok := landing[r.FormValue("next")]
	if !ok {
		target = "/"
	}
	// ok: OPEN_REDIRECT
	http.Redirect(w, r, target, http.StatusSeeOther)
}

func Bounce(c *gin.Context) {
	dest := c.Query("dest")
	// ruleid: OPEN_REDIRECT
	c.Redirect(http.StatusFound, dest)
}

func BounceRelative(c *gin.Context) {
	u, err := url.Parse(c.Query("dest"))
	if err != nil || u.IsAbs() || u.Host != "" {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	// ok: OPEN_REDIRECT
	c.Redirect(http.StatusFound, u.Path)
}

// CanonicalSlash redirects to the directory's path; the request only adds its own query string.
func CanonicalSlash(w http.ResponseWriter, r *http.Request, dir string) {
	to := dir + "/"
	if r.URL.RawQuery != "" {
		to += "?" + r.URL.RawQuery
	}
	// ok: OPEN_REDIRECT
	http.Redirect(w, r, to, http.StatusPermanentRedirect)
}

func Order(w http.ResponseWriter, r *http.Request) {
	// ok: OPEN_REDIRECT
	http.Redirect(w, r, "/orders/"+r.FormValue("id"), http.StatusFound)
}

func Continue(w http.ResponseWriter, r *http.Request) {
	// A lone "/" does not fix the host: "/" + "/evil.example" leaves the site.
	// ruleid: OPEN_REDIRECT
	http.Redirect(w, r, "/"+r.FormValue("path"), http.StatusFound)
}

// The HTTPS upgrade keeps the Host the browser asked for and the requested URI.
func RedirectTLS(w http.ResponseWriter, r *http.Request) {
	// ok: OPEN_REDIRECT
	http.Redirect(w, r, "https://"+r.Host+r.RequestURI, http.StatusMovedPermanently)
	// ok: OPEN_REDIRECT
	http.Redirect(w, r, "https://"+r.Host+r.URL.String(), http.StatusMovedPermanently)
	// ruleid: OPEN_REDIRECT
	http.Redirect(w, r, "https://"+r.Host+r.FormValue("next"), http.StatusFound)
}
