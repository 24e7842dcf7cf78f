package downloads

import (
	"net/http"
	"regexp"

	"github.com/gin-gonic/gin"
)

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9._-]`)

func Report(w http.ResponseWriter, r *http.Request) {
	title := r.URL.Query().Get("title")
	// ruleid: HEADER_INJECTION
	w.Header().Add("Content-Disposition", `attachment; filename="`+title+`.pdf"`)
}

func ReportSafe(w http.ResponseWriter, r *http.Request) {
	title := unsafeChars.ReplaceAllString(r.URL.Query().Get("title"), "_")
	// ok: HEADER_INJECTION
	w.Header().Add("Content-Disposition", `attachment; filename="`+title+`.pdf"`)
}

func Trace(c *gin.Context) {
	// ruleid: HEADER_INJECTION
	c.Header("X-Trace-Id", c.GetHeader("X-Trace-Id"))
	// ok: HEADER_INJECTION
	c.Header("Cache-Control", "no-store")
}
