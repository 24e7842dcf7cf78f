package main

import (
	"context"
	"database/sql"
	"fmt"
	"html"
	"net/http"
	"os/exec"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/render"

	"example.com/blog/store"
)

type server struct {
	db *sql.DB
}

func main() {
	db, _ := sql.Open("postgres", "")
	s := &server{db: db}
	r := chi.NewRouter()
	r.Get("/posts/{slug}", s.post)
	r.Get("/authors/{name}", s.author)
	r.Get("/feeds/{feed}", s.feed)
	r.Get("/docs/*", s.docs)
	r.With(requireAdmin).Post("/admin/backup/{target}", s.backup)
	http.ListenAndServe(":3000", r)
}

func requireAdmin(next http.Handler) http.Handler { return next }

func (s *server) post(w http.ResponseWriter, r *http.Request) {
	slug := chi.URLParam(r, "slug")
	// ruleid: XSS
	render.HTML(w, r, "<h1>"+slug+"</h1>")
	// ok: XSS
	render.HTML(w, r, "<h1>"+html.EscapeString(slug)+"</h1>")
	// ok: XSS
	render.PlainText(w, r, slug)
	title, _ := store.PostTitle(s.db, slug)
	// ok: XSS
	fmt.Fprintf(w, "<title>%s</title>", html.EscapeString(title))
}

func (s *server) author(w http.ResponseWriter, r *http.Request) {
	name := authorName(r.Context())
	// ruleid: XSS
	fmt.Fprintf(w, "<h2>%s</h2>", name)
}

func authorName(ctx context.Context) string {
	return chi.URLParamFromCtx(ctx, "name")
}

func (s *server) feed(w http.ResponseWriter, r *http.Request) {
	feed := chi.RouteContext(r.Context()).URLParam("feed")
	// ruleid: PATH_TRAVERSAL
	http.ServeFile(w, r, "/var/lib/blog/feeds/"+feed)
}

func (s *server) backup(w http.ResponseWriter, r *http.Request) {
	// ruleid: COMMAND_INJECTION
	exec.Command("sh", "-c", "pg_dump blog > "+chi.URLParam(r, "target")).Run()
}

// chi hands the raw path to the handler: `//evil.example` reaches it, and a redirect to the same path plus a slash
// leaves the site.
func (s *server) docs(w http.ResponseWriter, r *http.Request) {
	// ruleid: OPEN_REDIRECT
	http.Redirect(w, r, r.URL.Path+"/", http.StatusMovedPermanently)
}
