import sqlite3

DATABASE = "/srv/notes/comments.sqlite"


def add_comment(author, text):
    with sqlite3.connect(DATABASE) as db:
        # ok: SQL_INJECTION
        db.execute("INSERT INTO comments (author, text) VALUES (?, ?)", (author, text))


def recent_comments():
    with sqlite3.connect(DATABASE) as db:
        return db.execute("SELECT author, text FROM comments ORDER BY id DESC LIMIT 20").fetchall()
