package server

import (
	"net/http"
	// ruleid: DEBUG_ENABLED
	_ "net/http/pprof"
	// ok: DEBUG_ENABLED
	_ "net/http/httptest"
)

func Start() error {
	return http.ListenAndServe("127.0.0.1:6060", nil)
}
