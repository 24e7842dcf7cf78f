package assets

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/go-chi/chi/v5"
	"github.com/gofrs/uuid"
)

const themeDir = "/srv/themes"

func Theme(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	// ruleid: PATH_TRAVERSAL
	f, err := os.Open(filepath.Join(themeDir, name, "theme.css"))
	if err == nil {
		f.Close()
	}
}

func ThemeBase(w http.ResponseWriter, r *http.Request) {
	name := filepath.Base(r.URL.Query().Get("name"))
	// ok: PATH_TRAVERSAL
	f, err := os.Open(filepath.Join(themeDir, name, "theme.css"))
	if err == nil {
		f.Close()
	}
}

func ThemeRooted(w http.ResponseWriter, r *http.Request) {
	rel := filepath.Clean("/" + r.URL.Query().Get("path"))
	// ok: PATH_TRAVERSAL
	http.ServeFile(w, r, filepath.Join(themeDir, rel))
}

func ThemeChecked(w http.ResponseWriter, r *http.Request) {
	full := filepath.Join(themeDir, r.URL.Query().Get("path"))
	if !strings.HasPrefix(full, themeDir+string(os.PathSeparator)) {
		http.NotFound(w, r)
		return
	}
	// ok: PATH_TRAVERSAL
	http.ServeFile(w, r, full)
}

func Remove(c *gin.Context) {
	// ruleid: PATH_TRAVERSAL
	_ = os.RemoveAll(filepath.Join(themeDir, c.Param("theme")))
}

func Download(c *gin.Context) {
	// ruleid: PATH_TRAVERSAL
	c.File(themeDir + "/" + c.Query("file"))
}

func Template(c *gin.Context) {
	name := c.Query("name")
	if strings.Contains(name, "..") {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	// ok: PATH_TRAVERSAL
	c.File(filepath.Join(themeDir, "templates", name))
}

// Routes behind an administrators-only middleware read the operator's input.
func AdminRoutes(r chi.Router, adminOnly func(http.Handler) http.Handler) {
	r.With(adminOnly).Post("/backups", func(w http.ResponseWriter, req *http.Request) {
		// ok: PATH_TRAVERSAL
		os.MkdirAll(req.FormValue("directory"), 0o755)
	})
	r.Post("/exports", func(w http.ResponseWriter, req *http.Request) {
		// ruleid: PATH_TRAVERSAL
		os.MkdirAll(filepath.Join("/srv/exports", req.FormValue("directory")), 0o755)
	})
}

// A number printed in decimal is digits whatever number was sent.
func RemoveArchives(w http.ResponseWriter, r *http.Request) {
	ids := []int{}
	json.NewDecoder(r.Body).Decode(&ids)
	for _, id := range ids {
		// ok: PATH_TRAVERSAL
		os.Remove(filepath.Join(themeDir, "archive", strconv.Itoa(id)))
		// ok: PATH_TRAVERSAL
		os.Remove(filepath.Join(themeDir, "archive", strconv.FormatInt(int64(id), 10)+".zip"))
	}
}

func RemoveNamed(w http.ResponseWriter, r *http.Request) {
	var req struct{ Name string }
	json.NewDecoder(r.Body).Decode(&req)
	// ruleid: PATH_TRAVERSAL
	os.Remove(filepath.Join(themeDir, "archive", req.Name))
}

// An extension is the text after the name's last dot, up to no separator: it holds no `/`, `\` or `..`.
func StoreAvatar(c *gin.Context) {
	_, header, err := c.Request.FormFile("file")
	if err != nil {
		return
	}
	ext := strings.ToLower(filepath.Ext(header.Filename))
	// ok: PATH_TRAVERSAL
	_ = c.SaveUploadedFile(header, filepath.Join(themeDir, "avatars", "u-1234"+ext))
	// ruleid: PATH_TRAVERSAL
	_ = c.SaveUploadedFile(header, filepath.Join(themeDir, "avatars", strings.TrimSuffix(header.Filename, ext)))
}

// A character allow-list of letters and digits that drops every other rune (no '.', '/' or '\' kept).
func sanitizeID(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '-', '_':
			return r
		}
		if (r < '0' || r > '9') && (r < 'a' || r > 'z') {
			return -1
		}
		return r
	}, strings.ToLower(s))
}

// Drops control characters only: '.' and '/' pass.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 32 || r == 127 {
			return -1
		}
		return r
	}, s)
}

func Preview(c *gin.Context) {
	// ok: PATH_TRAVERSAL
	c.File(filepath.Join(themeDir, "previews", sanitizeID(c.Param("uid"))+".jpg"))
	// ruleid: PATH_TRAVERSAL
	c.File(filepath.Join(themeDir, "previews", printable(c.Param("uid"))+".jpg"))
}

// Records and cached entries looked up by a request value are the application's own data: GORM Gen's
// generated `query` package, sqlc's Queries, a cache of entries the server stored.
type thumbEntry struct{ FileName string }

func Cover(c *gin.Context) {
	uid := c.Param("uid")
	if cached, ok := coverCache.Get("cover:" + uid); ok {
		// ok: PATH_TRAVERSAL
		c.File(cached.(thumbEntry).FileName)
		return
	}
	if cached, ok := thumb_cache.Get(uid); ok {
		// ok: PATH_TRAVERSAL
		c.File(cached.(thumbEntry).FileName)
		return
	}
	f, err := query.FileByPhotoUID(uid)
	if err != nil {
		return
	}
	// ok: PATH_TRAVERSAL
	c.File(filepath.Join(themeDir, f.FileRoot, f.FileName))
}

// A deny-list that keeps every other rune (its default) lets '.' and '/' through.
func dropQuotes(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case 'x', 'X':
			return -1
		default:
			return r
		}
	}, s)
}

func PreviewQuoted(c *gin.Context) {
	// ruleid: PATH_TRAVERSAL
	c.File(filepath.Join(themeDir, "previews", dropQuotes(c.Param("uid"))))
}

// gofrs/uuid (and satori's) FromStringOrNil gives a UUID, or the nil UUID for anything else.
func FlowExport(w http.ResponseWriter, r *http.Request) {
	id := uuid.FromStringOrNil(r.URL.Query().Get("flow"))
	// ok: PATH_TRAVERSAL
	http.ServeFile(w, r, filepath.Join(themeDir, "flows", id.String()+".json"))
}

var reportFiles = map[string]bool{"daily.csv": true, "weekly.csv": true}

// Go's comma-ok look-up in a table of the code's own keys is an allow-list check of the key.
func Report(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	if _, ok := reportFiles[name]; !ok {
		http.NotFound(w, r)
		return
	}
	// ok: PATH_TRAVERSAL
	http.ServeFile(w, r, filepath.Join(themeDir, "reports", name))
}

func ReportLogged(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	if _, ok := reportFiles[name]; !ok {
		println("unknown report")
	}
	// ruleid: PATH_TRAVERSAL
	http.ServeFile(w, r, filepath.Join(themeDir, "reports", name))
}

// A route matched by an anchored pattern whose capture groups are runs of letters, digits, `_` and `-`: a
// submatch holds no `/` and no `.`, so it names a file inside the folder (ntfy's `/file/<id>`).
var (
	attachmentRegex = regexp.MustCompile(`^/file/([-_A-Za-z0-9]{1,64})(?:\.[A-Za-z0-9]{1,16})?$`)
	looseRegex      = regexp.MustCompile(`^/docs/(.+)$`)
)

func Attachment(w http.ResponseWriter, r *http.Request) {
	matches := attachmentRegex.FindStringSubmatch(r.URL.Path)
	if len(matches) != 2 {
		return
	}
	// ok: PATH_TRAVERSAL
	f, err := os.Open(filepath.Join("/var/cache/attachments", matches[1]))
	if err == nil {
		f.Close()
	}
	docs := looseRegex.FindStringSubmatch(r.URL.Path)
	if len(docs) != 2 {
		return
	}
	// ruleid: PATH_TRAVERSAL
	d, err := os.Open(filepath.Join("/srv/docs", docs[1]))
	if err == nil {
		d.Close()
	}
	unanchored := regexp.MustCompile(`/file/([-_A-Za-z0-9]+)`).FindStringSubmatch(r.URL.Path)
	if len(unanchored) != 2 {
		return
	}
	// ok: PATH_TRAVERSAL
	u, err := os.Open(filepath.Join("/srv/docs", unanchored[1]))
	if err == nil {
		u.Close()
	}
}

// A service locator's per-entity service read by key returns the stored record: its mount point is the one the
// application saved, whatever id the request named.
type connection struct{ MountPoint string }

type connectionService interface {
	GetConnectionByID(id string) connection
}

type services interface{ Connections() connectionService }

var AppService services

func DeleteShare(w http.ResponseWriter, r *http.Request) {
	conn := AppService.Connections().GetConnectionByID(r.URL.Query().Get("id"))
	// ok: PATH_TRAVERSAL
	_ = os.RemoveAll(conn.MountPoint)
	// ruleid: PATH_TRAVERSAL
	_ = os.RemoveAll(filepath.Join(conn.MountPoint, r.URL.Query().Get("sub")))
}

// A rename's or link's new name chooses where the file ends up.
func RenameAvatar(w http.ResponseWriter, r *http.Request) {
	owner := r.FormValue("owner")
	staged := filepath.Join("/srv/avatars", "upload.tmp")
	// ruleid: PATH_TRAVERSAL
	if err := os.Rename(staged, filepath.Join("/srv/avatars", owner+".png")); err != nil {
		return
	}
	// ok: PATH_TRAVERSAL
	os.Rename(staged, filepath.Join("/srv/avatars", strconv.Itoa(len(owner))+".png"))
	// ruleid: PATH_TRAVERSAL
	os.Symlink(staged, filepath.Join("/srv/avatars", owner))
}
