package web

import (
	"net/http"
	"text/template"
)

// The page set, parsed at start-up: templates are named by their file names.
var pages = template.Must(template.ParseGlob("templates/*.html"))

type SearchPage struct {
	Query   string
	Title   string
	Results []string
}

// A render helper: each caller names its own template.
func render(w http.ResponseWriter, name string, data any) {
	if err := pages.ExecuteTemplate(w, name, data); err != nil {
		http.Error(w, "template error", http.StatusInternalServerError)
	}
}

func Search(w http.ResponseWriter, r *http.Request) {
	var page SearchPage
	page.Title = "Search"
	page.Query = r.URL.Query().Get("q")
	render(w, "search.html", page)
}

func Tags(w http.ResponseWriter, r *http.Request) {
	page := SearchPage{Title: "Tags", Results: r.URL.Query()["tag"]}
	render(w, "tags.html", page)
}

func Greeting(w http.ResponseWriter, r *http.Request) {
	data := map[string]any{"Name": r.FormValue("name"), "Site": "example.org"}
	pages.ExecuteTemplate(w, "greeting.html", data)
}

// One template parsed from its file, executed by the handler itself.
func Preview(w http.ResponseWriter, r *http.Request) {
	t, err := template.ParseFiles("pages/preview.page")
	if err != nil {
		http.Error(w, "template error", http.StatusInternalServerError)
		return
	}
	t.Execute(w, r.FormValue("body"))
}

// The same helper twice with the same data: each call renders the template it names.
func Compact(w http.ResponseWriter, r *http.Request) {
	page := SearchPage{Title: "Search", Query: r.URL.Query().Get("q")}
	if r.URL.Query().Get("compact") != "" {
		render(w, "compact.html", page)
		return
	}
	render(w, "search.html", page)
}
