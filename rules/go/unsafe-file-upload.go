package media

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

const publicDir = "/var/www/public/media"

var allowedTypes = map[string]string{"image/png": ".png", "image/gif": ".gif"}

// The extensions each kind of upload may have: a map of maps, looked up by kind, then by extension.
var allowedExtensions = map[string]map[string]bool{
	"avatar": {".png": true, ".jpg": true},
	"post":   {".png": true, ".jpg": true, ".gif": true},
}

func Store(w http.ResponseWriter, r *http.Request) {
	src, hdr, err := r.FormFile("media")
	if err != nil {
		http.Error(w, "no file", http.StatusBadRequest)
		return
	}
	defer src.Close()
	// ruleid: UNSAFE_FILE_UPLOAD
	dst, err := os.OpenFile(filepath.Join(publicDir, hdr.Filename), os.O_CREATE|os.O_WRONLY, 0o640)
	if err != nil {
		return
	}
	defer dst.Close()
	io.Copy(dst, src)
}

func StoreGin(c *gin.Context) {
	fh, err := c.FormFile("media")
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	ext, ok := allowedTypes[fh.Header.Get("Content-Type")]
	if !ok {
		c.AbortWithStatus(http.StatusUnsupportedMediaType)
		return
	}
	// ok: UNSAFE_FILE_UPLOAD
	_ = c.SaveUploadedFile(fh, filepath.Join(publicDir, uuid.NewString()+ext))
}

func StoreGinRaw(c *gin.Context) {
	fh, err := c.FormFile("media")
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	// ruleid: UNSAFE_FILE_UPLOAD
	_ = c.SaveUploadedFile(fh, publicDir+"/"+fh.Filename)
}

// The client's extension is a key of the kind's allow-list (an index of an index), or the upload ends.
func StoreAvatar(c *gin.Context) {
	fh, err := c.FormFile("avatar")
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	fileExt := strings.ToLower(filepath.Ext(fh.Filename))
	if _, ok := allowedExtensions["avatar"][fileExt]; !ok {
		c.AbortWithStatus(http.StatusUnsupportedMediaType)
		return
	}
	// ok: UNSAFE_FILE_UPLOAD
	_ = c.SaveUploadedFile(fh, filepath.Join(publicDir, uuid.NewString()+fileExt))
}

// A look-up that does not involve the extension vets nothing about it.
func StorePost(c *gin.Context) {
	fh, err := c.FormFile("image")
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	fileExt := strings.ToLower(filepath.Ext(fh.Filename))
	if _, ok := allowedExtensions["post"][".png"]; !ok {
		c.AbortWithStatus(http.StatusUnsupportedMediaType)
		return
	}
	// ruleid: UNSAFE_FILE_UPLOAD
	_ = c.SaveUploadedFile(fh, filepath.Join(publicDir, uuid.NewString()+fileExt))
}
