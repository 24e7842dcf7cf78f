package main

import (
	"io"
	"net/http"
	"os"
	"path/filepath"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
)

type User struct {
	ID    uint
	Name  string
	Admin bool
}

var db *gorm.DB

func updateUser(c echo.Context) error {
	var u User
	if err := c.Bind(&u); err != nil {
		return err
	}
	// ruleid: MASS_ASSIGNMENT
	db.Save(&u)
	// ok: MASS_ASSIGNMENT
	db.Model(&User{}).Where("id = ?", c.Param("id")).Updates(map[string]any{"name": u.Name})
	return c.NoContent(http.StatusNoContent)
}

func upload(c echo.Context) error {
	fh, err := c.FormFile("file")
	if err != nil {
		return err
	}
	src, err := fh.Open()
	if err != nil {
		return err
	}
	defer src.Close()
	// ruleid: UNSAFE_FILE_UPLOAD
	dst, err := os.Create(filepath.Join("public/uploads", fh.Filename))
	if err != nil {
		return err
	}
	defer dst.Close()
	io.Copy(dst, src)
	// ok: UNSAFE_FILE_UPLOAD
	keep, err := os.Create(filepath.Join("public/uploads", uuid.NewString()+".bin"))
	if err != nil {
		return err
	}
	defer keep.Close()
	return nil
}
