package main

import (
	"database/sql"
	"net/http"

	"github.com/julienschmidt/httprouter"
)

var db *sql.DB

func main() {
	db, _ = sql.Open("mysql", "")
	router := httprouter.New()
	router.GET("/l/:code", follow)
	router.GET("/stats/:code", stats)
	router.Handler("GET", "/preview/:code", http.HandlerFunc(preview))
	http.ListenAndServe(":8080", router)
}
