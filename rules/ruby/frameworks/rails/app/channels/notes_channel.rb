class NotesChannel < ApplicationCable::Channel
  def subscribed
    stream_from "notes"
  end

  def receive(data)
    # ruleid: SQL_INJECTION
    notes = Note.where("body LIKE '%#{data["text"]}%'")
    # ok: SQL_INJECTION
    count = Note.where(tag: data["tag"]).count
    ActionCable.server.broadcast("notes", { count: count, ids: notes.ids })
  end
end
