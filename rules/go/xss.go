package pages

import (
	"fmt"
	"html"
	"html/template"
	"io"
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"
)

var page = template.Must(template.New("page").Parse(`<p>{{.}}</p>`))

func Welcome(w http.ResponseWriter, r *http.Request) {
	who := r.URL.Query().Get("who")
	// ruleid: XSS
	fmt.Fprintln(w, "<h1>Welcome "+who+"</h1>")
}

func WelcomeEscaped(w http.ResponseWriter, r *http.Request) {
	who := r.URL.Query().Get("who")
	// ok: XSS
	fmt.Fprintf(w, "<h1>Welcome %s</h1>", html.EscapeString(who))
}

func WelcomeTemplate(w http.ResponseWriter, r *http.Request) {
	// ok: XSS
	page.Execute(w, r.URL.Query().Get("who"))
}

func Signature(w http.ResponseWriter, r *http.Request) {
	// ruleid: XSS
	sig := template.HTML(r.PostFormValue("signature"))
	page.Execute(w, sig)
}

func Motd(w http.ResponseWriter, r *http.Request) {
	// ruleid: XSS
	io.WriteString(w, "<marquee>"+r.FormValue("motd")+"</marquee>")
}

func Preview(c *gin.Context) {
	// ruleid: XSS
	c.Data(http.StatusOK, "text/html", []byte(c.PostForm("markup")))
}

func PreviewText(c *gin.Context) {
	// ok: XSS
	c.Data(http.StatusOK, "text/plain", []byte(c.PostForm("markup")))
}

type Cart interface {
	Add(skus []string) int
}

var cart Cart

func AddToCart(w http.ResponseWriter, r *http.Request) {
	count := cart.Add(r.PostForm["sku"])
	// ok: XSS
	fmt.Fprintf(w, `{"added":%d}`, count)
}

func Greeting(w http.ResponseWriter, r *http.Request) {
	// ruleid: XSS
	fmt.Fprintf(w, "<p>%d items for %s</p>", 3, r.URL.Query().Get("name"))
}

// A playlist is served with its own media type: browsers do not render it as a page.
func Playlist(w http.ResponseWriter, r *http.Request) {
	track := r.URL.Query().Get("track")
	w.Header().Set("Content-Type", "application/vnd.apple.mpegurl")
	// ok: XSS
	fmt.Fprintf(w, "#EXTM3U\n#EXTINF:-1,\n%s\n", track)
}

func Feed(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/rss+xml")
	// ruleid: XSS
	io.WriteString(w, "<title>"+r.URL.Query().Get("q")+"</title>")
}

func SegmentLink(w http.ResponseWriter, r *http.Request) {
	q := url.Values{}
	q.Set("api_key", r.Header.Get("X-Api-Key"))
	// ok: XSS
	io.WriteString(w, `<a href="stream?`+q.Encode()+`">next</a>`)
}
