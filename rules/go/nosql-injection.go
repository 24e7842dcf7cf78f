package reviews

import (
	"encoding/json"
	"io"
	"net/http"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

type Store struct {
	Reviews *mongo.Collection
}

func (s *Store) ByScore(w http.ResponseWriter, r *http.Request) {
	min := r.URL.Query().Get("min")
	// ruleid: NOSQL_INJECTION
	cur, err := s.Reviews.Find(r.Context(), bson.D{{Key: "$where", Value: "this.score >= " + min}})
	if err == nil {
		cur.Close(r.Context())
	}
}

func (s *Store) ByAuthor(w http.ResponseWriter, r *http.Request) {
	// ok: NOSQL_INJECTION
	cur, err := s.Reviews.Find(r.Context(), bson.M{"author": r.URL.Query().Get("author")})
	if err == nil {
		cur.Close(r.Context())
	}
}

func (s *Store) Query(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var filter bson.M
	// ruleid: NOSQL_INJECTION
	if err := bson.UnmarshalExtJSON(raw, true, &filter); err != nil {
		http.Error(w, "bad filter", http.StatusBadRequest)
		return
	}
	cur, err := s.Reviews.Find(r.Context(), filter)
	if err == nil {
		var out []bson.M
		_ = cur.All(r.Context(), &out)
		_ = json.NewEncoder(w).Encode(out)
	}
}
