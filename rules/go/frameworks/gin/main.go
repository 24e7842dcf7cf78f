package main

import (
	"github.com/gin-gonic/gin"
)

func main() {
	r := gin.Default()
	r.GET("/products", listProducts)
	r.GET("/products/:slug", showProduct)
	r.POST("/reviews", postReview)
	r.GET("/login/done", loginDone)
	r.GET("/invoices/:id", invoice)
	r.POST("/avatar", uploadAvatar)
	r.GET("/api/ping", ping)
	r.POST("/accounts", createAccount)
	r.PUT("/accounts/me/name", renameAccount)
	r.Run(":8080")
}
