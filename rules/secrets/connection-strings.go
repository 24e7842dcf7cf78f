package store

import (
	"database/sql"
	"fmt"
	"os"
)

// Fake values generated for this test; none of them is a real credential.

func open() (*sql.DB, error) {
	// go-sql-driver/mysql's DSN, to the database service of the deployment.
	// ruleid: HARDCODED_SECRET
	return sql.Open("mysql", "app:Tq8vLm3xWk7r@tcp(db.acme-internal.net:3306)/orders?parseTime=true")
}

func openSocket() (*sql.DB, error) {
	// ruleid: HARDCODED_SECRET
	return sql.Open("mysql", "reports:Zr4nBq9xVt2m@unix(/var/run/mysqld/mysqld.sock)/reports")
}

func openFromEnv() (*sql.DB, error) {
	// The password filled in at run time.
	// ok: HARDCODED_SECRET
	dsn := fmt.Sprintf("%s:%s@tcp(%s)/orders", os.Getenv("DB_USER"), os.Getenv("DB_PASS"), os.Getenv("DB_HOST"))
	return sql.Open("mysql", dsn)
}

func openLocal() (*sql.DB, error) {
	// A database on the machine itself.
	// ok: HARDCODED_SECRET
	return sql.Open("mysql", "root:Kp7wQz3rNx8v@tcp(127.0.0.1:3306)/dev")
}
