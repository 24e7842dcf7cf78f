//go:build debug && linux

// A file compiled only when the build asks for the debug tag (`go build -tags debug`): the release build
// leaves it and its profiler out, so the profiler is what the developer turned on, not a deployed default.
package main

import (
	"net/http"
	"os"
	// ok: DEBUG_ENABLED
	_ "net/http/pprof"

	"github.com/gin-gonic/gin"
)

func init() {
	go func() {
		_ = http.ListenAndServe(os.Getenv("PROFILE_ADDR"), nil)
	}()
}

// The framework's debug mode is judged by its own rule, which does not read build constraints yet.
func debugRouter() *gin.Engine {
	// ruleid: DEBUG_ENABLED
	gin.SetMode(gin.DebugMode)
	return gin.New()
}
