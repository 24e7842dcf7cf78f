package main

import (
	"fmt"
	"html"
	"net/http"
	"path/filepath"

	"github.com/labstack/echo/v4"

	"example.com/wiki/render"
)

type pageForm struct {
	Title string `json:"title" form:"title"`
	Body  string `json:"body" form:"body"`
}

func showPage(c echo.Context) error {
	title := c.Param("title")
	// ruleid: XSS
	return c.HTML(http.StatusOK, render.Heading(title))
}

func savePage(c echo.Context) error {
	var form pageForm
	if err := c.Bind(&form); err != nil {
		return err
	}
	// ruleid: XSS
	c.HTMLBlob(http.StatusOK, []byte("<article>"+form.Body+"</article>"))
	// ok: XSS
	return c.HTML(http.StatusOK, render.Heading(html.EscapeString(form.Title)))
}

func logout(c echo.Context) error {
	// ok: OPEN_REDIRECT
	c.Redirect(http.StatusFound, "/pages/"+c.QueryParam("title"))
	// ruleid: OPEN_REDIRECT
	return c.Redirect(http.StatusFound, c.QueryParam("return"))
}

func attachment(c echo.Context) error {
	name := c.Param("name")
	c.Response().Header().Set("X-Attachment", name)
	// ruleid: HEADER_INJECTION
	c.Response().Header().Set("Content-Type", c.FormValue("type"))
	// ok: PATH_TRAVERSAL
	c.Attachment(filepath.Join("uploads", filepath.Base(name)), "file")
	// ruleid: PATH_TRAVERSAL
	return c.File(filepath.Join("uploads", name))
}

func search(c echo.Context) error {
	q := c.Request().URL.Query().Get("q")
	// ruleid: XSS
	fmt.Fprintf(c.Response(), "<p>No page matches %s</p>", q)
	cookie, _ := c.Cookie("theme")
	// ok: XSS
	fmt.Fprintf(c.Response(), "<body class=%q>", cookie.Value)
	return nil
}
