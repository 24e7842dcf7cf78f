module Notes
  EXPORT_DIR = "/srv/notes/exports".freeze

  def self.find(id)
    "note #{id}"
  end

  def self.search(text)
    []
  end

  def self.export_path(name)
    File.join(EXPORT_DIR, name)
  end

  def self.archive(title)
    # ruleid: COMMAND_INJECTION
    system("tar czf /srv/notes/archive/#{title}.tgz /srv/notes/data")
  end
end
