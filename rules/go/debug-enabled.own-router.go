package main

import (
	"net/http"
	// The profiler registers on http.DefaultServeMux, which this program never serves.
	// ok: DEBUG_ENABLED
	_ "net/http/pprof"

	"github.com/gin-gonic/gin"
)

func main() {
	router := gin.New()
	// ruleid: DEBUG_ENABLED
	gin.SetMode(gin.DebugMode)
	_ = http.ListenAndServe(":8080", router)
}
