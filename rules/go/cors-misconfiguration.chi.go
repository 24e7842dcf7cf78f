package api

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/cors"
)

func Routes() http.Handler {
	r := chi.NewRouter()
	// ruleid: CORS_MISCONFIGURATION
	r.Use(cors.Handler(cors.Options{
		AllowedOrigins:   []string{"https://*", "http://*"},
		AllowedMethods:   []string{"GET", "POST"},
		AllowCredentials: true,
	}))
	return r
}

func PublicRoutes() http.Handler {
	r := chi.NewRouter()
	// ok: CORS_MISCONFIGURATION
	r.Use(cors.Handler(cors.Options{
		AllowedOrigins: []string{"https://*"},
		AllowedMethods: []string{"GET"},
	}))
	return r
}

func PartnerRoutes() http.Handler {
	r := chi.NewRouter()
	// ok: CORS_MISCONFIGURATION
	r.Use(cors.Handler(cors.Options{
		AllowedOrigins:   []string{"https://*.partner.example.com", "https://app.example.com"},
		AllowCredentials: true,
	}))
	return r
}
