package users

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"
)

type User struct {
	ID      uint
	Name    string
	IsAdmin bool
}

type RenameInput struct {
	Name string `json:"name" binding:"required"`
}

type API struct {
	DB *gorm.DB
}

func (a *API) Register(c *gin.Context) {
	var u User
	if err := c.ShouldBindJSON(&u); err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	// ruleid: MASS_ASSIGNMENT
	a.DB.Create(&u)
	c.JSON(http.StatusCreated, u)
}

func (a *API) Rename(c *gin.Context) {
	var in RenameInput
	if err := c.ShouldBindJSON(&in); err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	u := User{Name: in.Name}
	// ok: MASS_ASSIGNMENT
	a.DB.Model(&User{}).Where("id = ?", c.GetUint("uid")).Updates(map[string]any{"name": in.Name})
	// ok: MASS_ASSIGNMENT
	a.DB.Save(&User{ID: c.GetUint("uid"), Name: u.Name})
}

// A store that saves what it is handed: a record the handler composed field by field holds only the fields
// it copied; the bound request struct itself holds every field the client sent.
type Ledger struct {
	DB *gorm.DB
}

func (l *Ledger) Open(entry *User) error {
	// ok: MASS_ASSIGNMENT
	return l.DB.Create(entry).Error
}

func (l *Ledger) Import(entry *User) error {
	// ruleid: MASS_ASSIGNMENT
	return l.DB.Create(entry).Error
}

func (a *API) OpenAccount(c *gin.Context) {
	var in RenameInput
	if err := c.BindJSON(&in); err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	entry := &User{Name: in.Name}
	ledger := &Ledger{DB: a.DB}
	_ = ledger.Open(entry)
}

func (a *API) ImportAccount(c *gin.Context) {
	var whole User
	if err := c.BindJSON(&whole); err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	ledger := &Ledger{DB: a.DB}
	_ = ledger.Import(&whole)
}

// A literal that only starts the record empty, which the binder then fills from the body: every field the client sent.
func (a *API) Signup(c *gin.Context) {
	member := User{}
	if err := c.ShouldBindJSON(&member); err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	// ruleid: MASS_ASSIGNMENT
	a.DB.Save(&member)
}
