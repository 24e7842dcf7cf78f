package login

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
	"golang.org/x/oauth2"

	"example.com/shop/internal/urlcheck"
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

var provider oauth2.Config

type oidcState struct {
	Nonce string `json:"nonce"`
	Next  string `json:"next"`
}

// An OIDC login sends the browser to the provider with its state base64url-encoded: that alphabet holds no
// `:`, `/` or `.`, so the value names no host. The standard alphabet has `/`.
func OIDCLogin(c echo.Context) error {
	nonce, err := c.Cookie("nonce")
	if err != nil {
		return err
	}
	state, _ := json.Marshal(oidcState{Nonce: nonce.Value, Next: c.FormValue("next")})
	if c.QueryParam("legacy") != "" {
		// ruleid: OPEN_REDIRECT
		return c.Redirect(http.StatusFound, base64.StdEncoding.EncodeToString(state))
	}
	// ok: OPEN_REDIRECT
	return c.Redirect(http.StatusFound, provider.AuthCodeURL(base64.URLEncoding.EncodeToString(state)))
}

// A cookie is the victim's own browser's: a cross-site link cannot choose it.
func Language(c echo.Context) error {
	lang, err := c.Cookie("lang")
	if err != nil {
		// ruleid: OPEN_REDIRECT
		return c.Redirect(http.StatusFound, c.QueryParam("back"))
	}
	// ok: OPEN_REDIRECT
	return c.Redirect(http.StatusFound, lang.Value)
}

// A predicate of the project's named for a target that stays on the site (its body in another package).
func AfterLogin(w http.ResponseWriter, r *http.Request) {
	next := r.FormValue("redirect_url")
	if next != "" && urlcheck.IsRelativePath(next) {
		// ok: OPEN_REDIRECT
		http.Redirect(w, r, next, http.StatusFound)
		return
	}
	if next != "" && urlcheck.HasQuery(next) {
		// ruleid: OPEN_REDIRECT
		http.Redirect(w, r, next, http.StatusFound)
	}
}

// The Referer is the attacker's page.
func Back(c *gin.Context) {
	// ruleid: OPEN_REDIRECT
	c.Redirect(http.StatusFound, c.GetHeader("Referer"))
}

// The Host the victim's browser asked for is no target an attacker's link chooses.
func LoginOnTLS(c *gin.Context) {
	// ok: OPEN_REDIRECT
	c.Redirect(http.StatusFound, fmt.Sprintf("https://%s/login", c.Request.Host))
}

func BackToReferer(c *gin.Context) {
	// ruleid: OPEN_REDIRECT
	c.Redirect(http.StatusFound, c.Request.Header.Get("Referer"))
}

// An OAuth error passed on to the login page in an encoded query: url.Values.Encode escapes `:`, `/`
// and `?`, so its output names no scheme or host wherever it stands.
func LoginError(c *gin.Context, root string) {
	query := url.Values{}
	query.Set("error", c.Request.FormValue("error"))
	// ok: OPEN_REDIRECT
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("%s/login?%s", root, query.Encode()))
}

func LoginNext(c *gin.Context, root string) {
	// ruleid: OPEN_REDIRECT
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("%s%s", c.Request.FormValue("next"), root))
}

// The request's own query, changed and encoded again: url.Values.Encode escapes `:`, `/`, `?` and `#` in
// every key and value, so only the query of the site's path is chosen.
func SummaryKeepFilters(w http.ResponseWriter, r *http.Request, base string) {
	params := r.URL.Query()
	if c, err := r.Cookie("interval"); err == nil {
		params.Set("interval", c.Value)
	}
	// ok: OPEN_REDIRECT
	http.Redirect(w, r, fmt.Sprintf("%s/summary?%s", base, params.Encode()), http.StatusFound)
}

func SummaryRawQuery(w http.ResponseWriter, r *http.Request) {
	params := r.URL.Query()
	// ruleid: OPEN_REDIRECT
	http.Redirect(w, r, params.Get("back")+"?"+params.Encode(), http.StatusFound)
}

// AuthCodeURL sends the browser to the configured provider; the request's path only lands, encoded, in the
// redirect_uri query parameter the provider checks against its registration.
func OIDCStart(w http.ResponseWriter, r *http.Request) {
	back := r.URL.Query().Get("redirect")
	conf := oauth2.Config{ClientID: "shop", RedirectURL: "https://shop.example/oidc/callback/" + back, Endpoint: provider.Endpoint}
	// ok: OPEN_REDIRECT
	http.Redirect(w, r, conf.AuthCodeURL(r.FormValue("state")), http.StatusTemporaryRedirect)
}

func OIDCFinish(w http.ResponseWriter, r *http.Request) {
	back := r.URL.Query().Get("redirect")
	// ruleid: OPEN_REDIRECT
	http.Redirect(w, r, "https://shop.example"+back, http.StatusTemporaryRedirect)
}
