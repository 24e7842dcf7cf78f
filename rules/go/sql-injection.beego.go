package controllers

import (
	"database/sql"
	"encoding/json"
	"os/exec"
	"strconv"

	"github.com/beego/beego/v2/server/web"
)

var db *sql.DB

// A beego controller reads the request through its embedded web.Controller.
type OrderController struct {
	web.Controller
}

func (c *OrderController) List() {
	owner := c.Input().Get("owner")
	// ruleid: SQL_INJECTION
	rows, _ := db.Query("SELECT id FROM orders WHERE owner = '" + owner + "'")
	defer rows.Close()
}

func (c *OrderController) Show() {
	id := c.Ctx.Input.Param(":id")
	// ruleid: SQL_INJECTION
	db.QueryRow("SELECT total FROM orders WHERE id = " + id)
	n, _ := strconv.Atoi(c.GetString("page"))
	// ok: SQL_INJECTION
	db.Query("SELECT id FROM orders LIMIT 20 OFFSET " + strconv.Itoa(n*20))
}

func (c *OrderController) Export() {
	var req struct{ Format string }
	json.Unmarshal(c.Ctx.Input.RequestBody, &req)
	// ruleid: SQL_INJECTION
	db.Query("SELECT * FROM orders ORDER BY " + req.Format)
	name := c.GetString("name")
	// ruleid: COMMAND_INJECTION
	exec.Command("sh", "-c", "zip /tmp/"+name+".zip /data/orders").Run()
}

func (c *OrderController) Parameterised() {
	// ok: SQL_INJECTION
	db.Query("SELECT id FROM orders WHERE owner = ?", c.Input().Get("owner"))
}
