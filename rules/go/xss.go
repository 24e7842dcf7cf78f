package pages

import (
	"fmt"
	"html"
	"html/template"
	"io"
	"net/http"

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
