package main

import (
	"net/http"
	// ruleid: DEBUG_ENABLED
	_ "net/http/pprof"
	// ok: DEBUG_ENABLED
	_ "net/http/httptest"
	"os"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
)

func main() {
	// ruleid: DEBUG_ENABLED
	gin.SetMode("debug")
	e := echo.New()
	// ruleid: DEBUG_ENABLED
	e.Debug = true
	if os.Getenv("ENV") == "local" {
		// ok: DEBUG_ENABLED
		gin.SetMode(gin.DebugMode)
	}
	// ok: DEBUG_ENABLED
	gin.SetMode(gin.ReleaseMode)
	_ = e.Start(":8080")
}

func devServer() {
	// ruleid: DEBUG_ENABLED
	gin.SetMode(gin.DebugMode)
}

func profiling() error {
	return http.ListenAndServe("127.0.0.1:6060", nil)
}

const (
	ModeDevelopment = "development"
	ModeProduction  = "production"
)

// The application's own mode chooses gin's: debug only in its development branch.
func applyMode(mode string) {
	switch mode {
	case ModeDevelopment:
		// ok: DEBUG_ENABLED
		gin.SetMode(gin.DebugMode)
	case ModeProduction:
		// ok: DEBUG_ENABLED
		gin.SetMode(gin.ReleaseMode)
	default:
		// ruleid: DEBUG_ENABLED
		gin.SetMode(gin.DebugMode)
	}
}

// A branch that is not the development one still switches debugging on in production.
func applyReleaseMode(mode string) {
	switch mode {
	case ModeProduction:
		// ruleid: DEBUG_ENABLED
		gin.SetMode(gin.DebugMode)
	}
}
