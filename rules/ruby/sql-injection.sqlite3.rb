# A Sinatra journal on sqlite3-ruby.
require "sinatra"
require "sqlite3"

db = SQLite3::Database.open "journal.db"
db.results_as_hash = true

post "/register" do
  username = params["username"]
  # ruleid: SQL_INJECTION
  db.execute_batch("INSERT INTO users (username) VALUES ('#{username}')")
  # ok: SQL_INJECTION
  db.execute("INSERT INTO users (username) VALUES (?)", [username])
  redirect "/"
end

post "/login" do
  # ruleid: SQL_INJECTION
  row = db.get_first_row("SELECT user_id FROM users WHERE username = '#{params["username"]}'")
  # ok: SQL_INJECTION
  same = db.get_first_row("SELECT user_id FROM users WHERE username = ?", [params["username"]])
  # ruleid: SQL_INJECTION
  count = db.get_first_value("SELECT count(*) FROM entries WHERE title LIKE '%" + params["q"] + "%'")
  halt 401 unless row && same && count
  redirect "/"
end
