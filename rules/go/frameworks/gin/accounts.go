package main

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"
)

type Account struct {
	ID      uint
	Name    string
	IsAdmin bool
}

type renameInput struct {
	Name string `json:"name" binding:"required"`
}

var db *gorm.DB

func createAccount(c *gin.Context) {
	var a Account
	if err := c.ShouldBindJSON(&a); err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	// ruleid: MASS_ASSIGNMENT
	db.Create(&a)
	c.JSON(http.StatusCreated, a)
}

func renameAccount(c *gin.Context) {
	var in renameInput
	if err := c.ShouldBindJSON(&in); err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	// ok: MASS_ASSIGNMENT
	db.Model(&Account{}).Where("id = ?", c.GetUint("uid")).Updates(map[string]any{"name": in.Name})
}
