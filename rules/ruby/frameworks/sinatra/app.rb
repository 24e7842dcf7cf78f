require "sinatra/base"
require_relative "lib/notes"

class NotesApp < Sinatra::Base
  get "/notes/:name" do |name|
    # ruleid: XSS
    body "<h1>#{name}</h1>"
  end

  get "/notes/:id/raw" do
    note = Notes.find(params[:id].to_i)
    # ok: XSS
    body "<h1>#{Rack::Utils.escape_html(note)}</h1>"
  end

  get "/search" do
    # ruleid: XSS
    halt 404, "<p>No notes for #{params[:q]}</p>" if Notes.search(params[:q]).empty?
    erb :search
  end

  get "/api/search" do
    content_type :json
    # ok: XSS
    halt 404, { error: "no notes for #{params[:q]}" }.to_json
  end

  # Sinatra has no routed controller or action: these are keys of the query like any other.
  get "/page" do
    # ruleid: XSS
    body "<body data-page=\"#{params[:controller]}-#{params[:action]}\">"
  end

  get "/go" do
    # ruleid: OPEN_REDIRECT
    redirect params[:to]
  end

  get "/home" do
    # ok: OPEN_REDIRECT
    redirect "/notes"
  end

  get "/export/:file" do
    # ruleid: PATH_TRAVERSAL
    send_file Notes.export_path(params[:file])
  end

  get "/export-safe/:file" do
    # ok: PATH_TRAVERSAL
    send_file Notes.export_path(File.basename(params[:file]))
  end

  post "/attachments" do
    upload = params[:file]
    # ruleid: PATH_TRAVERSAL, UNSAFE_FILE_UPLOAD
    File.write(File.join("public/uploads", params[:file][:filename]), upload[:tempfile].read)
    redirect "/notes"
  end

  post "/notes" do
    Notes.archive(request.params["title"])
    redirect "/notes"
  end
end
