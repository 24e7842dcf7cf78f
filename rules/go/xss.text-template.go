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
