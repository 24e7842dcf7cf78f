package admin

import (
	"net/http"
	"reflect"
)

type Jobs struct{}

func (Jobs) Vacuum() {}

func (Jobs) Reindex() {}

var jobs Jobs

var registry = map[string]func(){"vacuum": jobs.Vacuum, "reindex": jobs.Reindex}

func Trigger(w http.ResponseWriter, r *http.Request) {
	// ruleid: UNSAFE_REFLECTION
	m := reflect.ValueOf(jobs).MethodByName(r.FormValue("job"))
	if m.IsValid() {
		m.Call(nil)
	}
}

func TriggerKnown(w http.ResponseWriter, r *http.Request) {
	job, ok := registry[r.FormValue("job")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	// ok: UNSAFE_REFLECTION
	job()
}

func Field(w http.ResponseWriter, r *http.Request) {
	// ok: UNSAFE_REFLECTION
	f := reflect.ValueOf(&jobs).Elem().FieldByName("Name")
	_ = f
}
