package web

import (
	"database/sql"
	"net/http"
)

var db *sql.DB

type NotePage struct {
	Title string
	Body  string
	Views int
	Error string
}

// Users write notes: what a note holds is theirs, whoever reads it.
func SaveNote(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO notes (title, body) VALUES (?, ?)", r.FormValue("title"), r.FormValue("body"))
}

func ShowNote(w http.ResponseWriter, r *http.Request) {
	var page NotePage
	row := db.QueryRow("SELECT title, body, views FROM notes WHERE id = ?", r.URL.Query().Get("id"))
	var views int
	if err := row.Scan(&page.Title, &page.Body, &views); err != nil {
		page.Error = "no such note: " + err.Error()
	}
	page.Views = views
	render(w, "note.html", page)
}

func ListNotes(w http.ResponseWriter, r *http.Request) {
	var page NotePage
	rows, err := db.Query("SELECT title FROM notes")
	if err != nil {
		page.Error = err.Error()
		render(w, "note.html", page)
		return
	}
	defer rows.Close()
	var titles []string
	for rows.Next() {
		var title string
		rows.Scan(&title)
		titles = append(titles, title)
	}
	render(w, "notes.html", map[string]any{"Titles": titles, "Count": len(titles)})
}
