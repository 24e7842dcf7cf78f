package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"

	"github.com/google/uuid"
)

func attach(w http.ResponseWriter, r *http.Request) {
	src, hdr, err := r.FormFile("attachment")
	if err != nil {
		http.Error(w, "no file", http.StatusBadRequest)
		return
	}
	defer src.Close()
	// ruleid: UNSAFE_FILE_UPLOAD
	dst, err := os.OpenFile(filepath.Join("/srv/attachments", hdr.Filename), os.O_CREATE|os.O_WRONLY, 0o640)
	if err != nil {
		return
	}
	defer dst.Close()
	io.Copy(dst, src)
	// ok: UNSAFE_FILE_UPLOAD
	os.Create(filepath.Join("/srv/attachments", uuid.NewString()))
}

func gallery(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseMultipartForm(32 << 20); err != nil {
		return
	}
	for _, hdr := range r.MultipartForm.File["photos"] {
		src, err := hdr.Open()
		if err != nil {
			continue
		}
		data, _ := io.ReadAll(src)
		src.Close()
		// ruleid: UNSAFE_FILE_UPLOAD
		os.WriteFile(filepath.Join("/srv/gallery", hdr.Filename), data, 0o640)
	}
}
