package main

import (
	"database/sql"
	"net/http"
)

type app struct {
	db *sql.DB
}

func main() {
	db, _ := sql.Open("sqlite3", "notes.db")
	a := &app{db: db}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /search", a.search)
	mux.HandleFunc("GET /greet", greet)
	mux.HandleFunc("POST /rpc", a.rpc)
	mux.HandleFunc("GET /lookup", a.lookup)
	mux.HandleFunc("GET /files/{path...}", folder)
	mux.HandleFunc("GET /tags/{tag}", a.tag)
	mux.HandleFunc("GET /go", leave)
	mux.HandleFunc("POST /login", loginDone)
	mux.HandleFunc("GET /files/{name}", serveFile)
	mux.HandleFunc("GET /export", export)
	mux.HandleFunc("GET /", upgrade)
	mux.HandleFunc("POST /attachments", attach)
	mux.HandleFunc("POST /gallery", gallery)
	http.ListenAndServe(":8080", mux)
}
