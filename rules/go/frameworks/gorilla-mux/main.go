package main

import (
	"fmt"
	"html"
	"net/http"
	"os"
	"path/filepath"
	"strconv"

	"github.com/gorilla/mux"

	"example.com/gallery/media"
)

func main() {
	r := mux.NewRouter()
	r.HandleFunc("/albums/{album}/photos/{id:[0-9]+}", photo).Methods("GET")
	r.HandleFunc("/albums/{album}", album).Methods("GET")
	r.HandleFunc("/albums/{album}", deleteAlbum).Methods("DELETE")
	http.ListenAndServe(":8000", r)
}

func photo(w http.ResponseWriter, r *http.Request) {
	vars := mux.Vars(r)
	id, err := strconv.Atoi(vars["id"])
	if err != nil {
		http.NotFound(w, r)
		return
	}
	// ok: PATH_TRAVERSAL
	http.ServeFile(w, r, media.PhotoPath("/srv/gallery", strconv.Itoa(id)))
	// ruleid: PATH_TRAVERSAL
	http.ServeFile(w, r, media.PhotoPath("/srv/gallery/"+vars["album"], "cover"))
}

func album(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["album"]
	// ruleid: XSS
	fmt.Fprintf(w, "<h1>%s</h1>", name)
	// ok: XSS
	fmt.Fprintf(w, "<h1>%s</h1>", html.EscapeString(name))
}

func deleteAlbum(w http.ResponseWriter, r *http.Request) {
	// ruleid: PATH_TRAVERSAL
	os.RemoveAll(filepath.Join("/srv/gallery", mux.Vars(r)["album"]))
}
