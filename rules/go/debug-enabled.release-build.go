//go:build !debug

// Compiled into every build except the debug one: its profiler is served in production.
package main

import (
	"net/http"
	// ruleid: DEBUG_ENABLED
	_ "net/http/pprof"
)

func serveProfiles() {
	_ = http.ListenAndServe("0.0.0.0:6060", nil)
}
