class NoteSearch
  def self.results(term)
    # ruleid: SQL_INJECTION
    Note.connection.execute("SELECT * FROM notes WHERE body LIKE '%#{term}%'")
  end

  def self.with_title(title)
    # ok: SQL_INJECTION
    Note.exists?(["title = ?", title])
  end

  def self.with_total(column)
    # ruleid: SQL_INJECTION
    Note.calculate(:sum, column)
  end
end
