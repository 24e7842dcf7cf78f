package media

import (
	"io"
	"net/http"
	"os"
	"path/filepath"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

const publicDir = "/var/www/public/media"

var allowedTypes = map[string]string{"image/png": ".png", "image/gif": ".gif"}

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
