package main

import (
	"github.com/labstack/echo/v4"
)

func main() {
	e := echo.New()
	e.GET("/pages/:title", showPage)
	e.POST("/pages", savePage)
	e.GET("/logout", logout)
	e.GET("/attachments/:name", attachment)
	e.GET("/search", search)
	e.PUT("/users/:id", updateUser)
	e.POST("/uploads", upload)
	e.Logger.Fatal(e.Start(":1323"))
}
