package inventory

import (
	"database/sql"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"
	"xorm.io/xorm"
)

type Store struct {
	db  *sql.DB
	orm *gorm.DB
}

type Item struct {
	ID   uint
	Name string
}

var sortable = map[string]string{"name": "name", "newest": "created_at DESC"}

func (s *Store) Search(w http.ResponseWriter, r *http.Request) {
	term := r.URL.Query().Get("term")
	var b strings.Builder
	b.WriteString("SELECT id FROM items WHERE name LIKE '%")
	b.WriteString(term)
	b.WriteString("%'")
	// ruleid: SQL_INJECTION
	rows, err := s.db.Query(b.String())
	if err == nil {
		rows.Close()
	}
}

func (s *Store) SearchSafe(w http.ResponseWriter, r *http.Request) {
	// ok: SQL_INJECTION
	rows, err := s.db.QueryContext(r.Context(), "SELECT id FROM items WHERE name LIKE $1", "%"+r.URL.Query().Get("term")+"%")
	if err == nil {
		rows.Close()
	}
}

func (s *Store) Delete(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	// ruleid: SQL_INJECTION
	_, _ = s.db.ExecContext(r.Context(), fmt.Sprintf("DELETE FROM items WHERE id = %s", id))
}

func (s *Store) DeleteSafe(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	// ok: SQL_INJECTION
	_, _ = s.db.ExecContext(r.Context(), fmt.Sprintf("DELETE FROM items WHERE id = %d", id))
}

func (s *Store) List(c *gin.Context) {
	var items []Item
	// ruleid: SQL_INJECTION
	s.orm.Where("name = '" + c.Query("name") + "'").Find(&items)
	c.JSON(http.StatusOK, items)
}

func (s *Store) Sorted(c *gin.Context) {
	order, ok := sortable[c.Query("sort")]
	if !ok {
		order = "name"
	}
	var items []Item
	// ok: SQL_INJECTION
	s.orm.Order(order).Find(&items)
	c.JSON(http.StatusOK, items)
}

type Jobs struct {
	warehouse *sql.DB
}

// Reindex runs a statement built in a helper on a handle whose name says nothing about SQL.
func (j *Jobs) Reindex(w http.ResponseWriter, r *http.Request) {
	stmt := "UPDATE items SET indexed = 1 WHERE sku = '" + r.FormValue("sku") + "'"
	// ruleid: SQL_INJECTION
	_, _ = j.warehouse.Exec(stmt)
}

// routeMatcher is a compiled URL pattern: its Exec matches a path, it runs no SQL.
type routeMatcher struct{ pattern string }

func (m routeMatcher) Exec(path, base string) bool { return strings.HasPrefix(path, m.pattern) }

type Router struct{ compiled routeMatcher }

func (rt *Router) Match(w http.ResponseWriter, r *http.Request) {
	// ok: SQL_INJECTION
	if rt.compiled.Exec(r.URL.Path, "https://"+r.Host) {
		w.WriteHeader(http.StatusNoContent)
	}
}

// Each case of a switch starts from the value before it.
func (s *Store) ByMode(w http.ResponseWriter, r *http.Request) {
	value := r.URL.Query().Get("value")
	switch r.URL.Query().Get("mode") {
	case "id":
		n, _ := strconv.Atoi(value)
		// ok: SQL_INJECTION
		_, _ = s.db.ExecContext(r.Context(), fmt.Sprintf("DELETE FROM items WHERE id = %d", n))
	case "name":
		// ruleid: SQL_INJECTION
		_, _ = s.db.ExecContext(r.Context(), "DELETE FROM items WHERE name = '"+value+"'")
	}
}

type XormStore struct {
	Engine *xorm.Engine
}

func (s *XormStore) CountUsers(w http.ResponseWriter, r *http.Request) {
	field, value := r.URL.Query().Get("field"), r.URL.Query().Get("value")
	session := s.Engine.Where("1=1")
	// ruleid: SQL_INJECTION
	session = session.And(fmt.Sprintf("%s like ?", field), "%"+value+"%")
	// ok: SQL_INJECTION
	session = session.And("name like ?", "%"+value+"%")
	session.Count(&Item{})
}

// GORM struct and map conditions bind every field as a parameter (`name = ?`), and a number as the
// inline condition is the primary key: the request's values are data, not SQL text.
type itemQuery struct {
	ID    uint     `json:"id"`
	IDs   []uint   `json:"ids"`
	Name  string   `json:"name"`
	Where string   `json:"where"`
}

func (s *Store) itemByName(name string) (*Item, error) {
	item := Item{Name: name}
	// ok: SQL_INJECTION
	err := s.orm.Where(item).First(&item).Error
	return &item, err
}

func (s *Store) itemsByFilter(name string) ([]Item, error) {
	filter := Item{Name: name}
	var items []Item
	// ok: SQL_INJECTION
	err := s.orm.Where(&filter).Find(&items).Error
	// ok: SQL_INJECTION
	s.orm.Where(map[string]interface{}{"name": name}).Find(&items)
	return items, err
}

func (s *Store) itemByID(id uint, ids []uint) (*Item, error) {
	var item Item
	// ok: SQL_INJECTION
	err := s.orm.First(&item, id).Error
	var items []Item
	// ok: SQL_INJECTION
	s.orm.Where(ids).Find(&items)
	return &item, err
}

func (s *Store) itemByRaw(cond string) (*Item, error) {
	var item Item
	// ruleid: SQL_INJECTION
	err := s.orm.First(&item, cond).Error
	// ruleid: SQL_INJECTION
	s.orm.Where(cond).First(&item)
	return &item, err
}

func (s *Store) Lookup(c *gin.Context) {
	var q itemQuery
	if err := c.ShouldBindJSON(&q); err != nil {
		return
	}
	a, _ := s.itemByName(q.Name)
	b, _ := s.itemsByFilter(q.Name)
	d, _ := s.itemByID(q.ID, q.IDs)
	e, _ := s.itemByRaw(q.Where)
	c.JSON(http.StatusOK, []any{a, b, d, e})
}
