package main

import (
	"fmt"
	"html"
	"net/http"
	"strconv"

	"github.com/julienschmidt/httprouter"
)

func follow(w http.ResponseWriter, r *http.Request, ps httprouter.Params) {
	code := ps.ByName("code")
	target := lookupTarget(code)
	// ok: OPEN_REDIRECT
	http.Redirect(w, r, target, http.StatusFound)
	// ruleid: OPEN_REDIRECT
	http.Redirect(w, r, ps.ByName("code"), http.StatusFound)
}

func lookupTarget(code string) string {
	var target string
	// ok: SQL_INJECTION
	db.QueryRow("SELECT target FROM links WHERE code = ?", code).Scan(&target)
	return target
}

func stats(w http.ResponseWriter, r *http.Request, ps httprouter.Params) {
	// ruleid: SQL_INJECTION
	rows, err := db.Query("SELECT day, hits FROM hits WHERE code = '" + ps.ByName("code") + "'")
	if err != nil {
		return
	}
	defer rows.Close()
	n, _ := strconv.Atoi(ps.ByName("code"))
	// ok: XSS
	fmt.Fprintf(w, "<p>link %d</p>", n)
}

func preview(w http.ResponseWriter, r *http.Request) {
	params := httprouter.ParamsFromContext(r.Context())
	// ruleid: XSS
	fmt.Fprintf(w, "<p>Preview of %s</p>", params.ByName("code"))
	// ok: XSS
	fmt.Fprintf(w, "<p>Preview of %s</p>", html.EscapeString(params.ByName("code")))
}
