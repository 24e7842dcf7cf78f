package downloads

import (
	"fmt"
	"mime"
	"net/http"
	neturl "net/url"
	"path"
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
	// A free-form header echoed back: net/http replaces CR/LF, nothing else in it has meaning.
	// ok: HEADER_INJECTION
	c.Header("X-Trace-Id", c.GetHeader("X-Trace-Id"))
	// ok: HEADER_INJECTION
	c.Header("Cache-Control", "no-store")
}

func Attachment(c *gin.Context) {
	// ruleid: HEADER_INJECTION
	c.Header("Content-Type", c.Query("format")+"; charset=utf-8")
}

func Versioned(w http.ResponseWriter, r *http.Request) {
	// ok: HEADER_INJECTION
	w.Header().Set("Etag", fmt.Sprintf(`"%s"`, r.URL.Path))
}

// The parameters mime.FormatMediaType writes stay quoted or encoded.
func Download(c *gin.Context) {
	name := c.Query("name")
	// ok: HEADER_INJECTION
	c.Header("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	// ruleid: HEADER_INJECTION
	c.Header("Content-Disposition", "attachment; filename="+name)
}

// net/url's escaping under the name the import gives it: `%0D%0A`, `%22` and `%3B` in place of a line break, a
// quote and a separator.
func Export(w http.ResponseWriter, r *http.Request) {
	name := path.Base(r.URL.Query().Get("path"))
	// ok: HEADER_INJECTION
	w.Header().Add("Content-Disposition", "attachment; filename*=utf-8''"+neturl.PathEscape(name))
	// ruleid: HEADER_INJECTION
	w.Header().Add("Content-Disposition", "attachment; filename=\""+name+"\"")
}
