package main

import (
	"encoding/json"
	"fmt"
	"html"
	htmltemplate "html/template"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	texttemplate "text/template"

	"example.com/notes/notes"
)

var greeting = texttemplate.Must(texttemplate.New("greeting").Parse(`<p>Hello {{.}}</p>`))

func (a *app) search(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	// ruleid: XSS
	fmt.Fprintf(w, "<h1>Results for %s</h1>", q)
	// ok: XSS
	fmt.Fprintf(w, "<h1>Results for %s</h1>", html.EscapeString(q))
	page, _ := strconv.Atoi(r.FormValue("page"))
	// ok: XSS
	fmt.Fprintf(w, "<p>page %d</p>", page)
	rows, _ := notes.Search(a.db, q)
	defer rows.Close()
	// ruleid: XSS
	w.Write([]byte(titleTag(r.PostFormValue("title"))))
	// ok: XSS
	io.WriteString(w, r.UserAgent())
}

func (a *app) results(w http.ResponseWriter, r *http.Request) {
	term := r.URL.Query().Get("term")
	// ruleid: TEMPLATE_INJECTION
	page, err := htmltemplate.New("results").Parse(fmt.Sprintf(`<h2>Results for "%s"</h2>{{range .}}<li>{{.}}</li>{{end}}`, term))
	if err != nil {
		http.Error(w, "bad template", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html")
	// ruleid: XSS
	page.Execute(w, []string{"a", "b"})
	fixed := htmltemplate.Must(htmltemplate.New("fixed").Parse(`<h2>Results for "{{.}}"</h2>`))
	// ok: XSS
	fixed.Execute(w, term)
}

var pages = map[string]*htmltemplate.Template{}

func (a *app) page(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("page")
	// A template read from a file the request names: its text is the file's (the name is a path concern).
	view, err := htmltemplate.ParseFiles(filepath.Join("templates", filepath.Base(name)+".html"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	// ok: XSS
	view.Execute(w, nil)
	// ok: XSS
	pages[name].Execute(w, nil)
}

func greet(w http.ResponseWriter, r *http.Request) {
	// ruleid: XSS
	greeting.Execute(w, r.FormValue("name"))
}

func (a *app) tag(w http.ResponseWriter, r *http.Request) {
	// ruleid: XSS
	io.WriteString(w, "<h2>"+r.PathValue("tag")+"</h2>")
	n, _ := notes.CountTagged(a.db, r.PathValue("tag"))
	// ok: XSS
	fmt.Fprintf(w, "<p>%d notes</p>", n)
}

func leave(w http.ResponseWriter, r *http.Request) {
	next := r.URL.Query().Get("next")
	// ruleid: OPEN_REDIRECT
	http.Redirect(w, r, next, http.StatusFound)
	// ok: OPEN_REDIRECT
	http.Redirect(w, r, "/notes/"+next, http.StatusFound)
	// ruleid: OPEN_REDIRECT
	http.Redirect(w, r, r.Header.Get("Referer"), http.StatusFound)
}

func loginDone(w http.ResponseWriter, r *http.Request) {
	// ruleid: OPEN_REDIRECT
	w.Header().Set("Location", r.PostFormValue("return_to"))
	w.WriteHeader(http.StatusSeeOther)
}

func upgrade(w http.ResponseWriter, r *http.Request) {
	if r.TLS == nil {
		// ok: OPEN_REDIRECT
		http.Redirect(w, r, "https://"+r.Host+r.RequestURI, http.StatusMovedPermanently)
	}
}

func serveFile(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	// ruleid: PATH_TRAVERSAL
	http.ServeFile(w, r, filepath.Join("/srv/files", name))
	// ok: PATH_TRAVERSAL
	http.ServeFile(w, r, filepath.Join("/srv/files", filepath.Base(name)))
}

func export(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	// ruleid: HEADER_INJECTION
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	// ok: HEADER_INJECTION
	w.Header().Set("X-Export-Name", name)
	w.Header().Set("Content-Type", "text/csv")
	// ok: XSS
	w.Write([]byte(name + ",1\n"))
}

// An error answer that starts with text of its own: without a declared type net/http sniffs the body and sends
// text/plain, which the browser shows as text. Declared as HTML, the same text is a page.
func (a *app) rpc(w http.ResponseWriter, r *http.Request) {
	var call struct{ Method string }
	if err := json.NewDecoder(r.Body).Decode(&call); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		// ok: XSS
		w.Write([]byte("ERR: " + err.Error()))
		return
	}
	// ok: XSS
	fmt.Fprintf(w, "unknown method %s", call.Method)
}

func (a *app) lookup(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// ruleid: XSS
	fmt.Fprintf(w, "No results for %s", r.URL.Query().Get("q"))
}

// The request's own path with a slash added: http.ServeMux has cleaned it (`//x` and `..` segments redirected away)
// before the handler runs, so it stays on the site.
func folder(w http.ResponseWriter, r *http.Request) {
	// ok: OPEN_REDIRECT
	http.Redirect(w, r, r.URL.Path+"/", http.StatusMovedPermanently)
}
