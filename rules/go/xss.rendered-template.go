package cards

import (
	"html/template"
	"net/http"

	"zgo.at/zhttp/ztpl"
)

type card struct {
	Title string
	Body  template.HTML
}

// zgo.at/zhttp/ztpl renders a named html/template to a string: the request's data in it is escaped
// by the template, so the rendered card can be embedded in the page as markup.
func renderCard(w http.ResponseWriter, r *http.Request) {
	title := r.URL.Query().Get("title")
	out, err := ztpl.ExecuteString("_card.gohtml", map[string]any{"Title": title})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	// ok: XSS
	c := card{Title: title, Body: template.HTML(out)}
	_ = c
	// ruleid: XSS
	raw := template.HTML("<h2>" + title + "</h2>")
	_ = raw
}

// html/template escapes the data it is executed with, wherever the template set is kept.
var views *template.Template

func LoadViews() {
	views = template.Must(template.ParseGlob("views/*.html"))
}

func Show(w http.ResponseWriter, r *http.Request) {
	// ok: XSS
	views.ExecuteTemplate(w, "show.html", r.URL.Query().Get("q"))
}
