package pages

import (
	"encoding/json"
	"net/http"
	"os"
	texttemplate "text/template"
)

var banner = texttemplate.Must(texttemplate.New("banner").Parse(`<div>{{.}}</div>`))

func Banner(w http.ResponseWriter, r *http.Request) {
	// ruleid: XSS
	banner.Execute(w, r.URL.Query().Get("msg"))
	// ok: XSS
	banner.Execute(os.Stdout, r.URL.Query().Get("msg"))
}

func Echo(w http.ResponseWriter, r *http.Request) {
	body, _ := json.Marshal(map[string]string{"msg": r.FormValue("msg")})
	// ok: XSS
	w.Write(body)
}

// A text/template set kept in a package variable that start-up code fills, executed by a shared render helper.
var pages *texttemplate.Template

func LoadPages() {
	pages = texttemplate.Must(texttemplate.ParseGlob("views/*.html"))
}

func render(w http.ResponseWriter, name string, data any) {
	// ruleid: XSS
	pages.ExecuteTemplate(w, name, data)
}

func Greet(w http.ResponseWriter, r *http.Request) {
	render(w, "greet.html", r.URL.Query().Get("name"))
}

func Audit(r *http.Request) {
	// ok: XSS
	pages.ExecuteTemplate(os.Stdout, "audit.txt", r.URL.Query().Get("name"))
}
