class NotesController < ApplicationController
  before_action :set_note, only: [:show, :update]

  def index
    # ruleid: SQL_INJECTION
    @notes = Note.where("title LIKE '%#{params[:q]}%'")
    # ok: SQL_INJECTION
    @recent = Note.where("title LIKE ?", "%#{Note.sanitize_sql_like(params[:q].to_s)}%")
    # ok: SQL_INJECTION
    @tagged = Note.where(tag: params[:tag])
  end

  def sorted
    # ruleid: SQL_INJECTION
    @notes = Note.order(params[:sort])
    # ruleid: SQL_INJECTION
    @ranked = Note.order(Arel.sql("rank #{params[:dir]}"))
    # ok: SQL_INJECTION
    @ordered = Note.order(Arel.sql("created_at DESC"))
    # ok: SQL_INJECTION
    @count = Note.where(user_id: current_user.id).count
    render :index
  end

  def search
    @notes = NoteSearch.results(params[:term])
    @found = NoteSearch.with_title(params[:title])
    @total = NoteSearch.with_total(params[:column])
    render :index
  end

  def show
    # ok: XSS
    @bio = helpers.sanitize(params[:bio])
    @title = params[:title]
  end

  def update
    if @note.update(note_params)
      # ok: OPEN_REDIRECT
      redirect_to note_path(@note)
    else
      # ruleid: OPEN_REDIRECT
      redirect_to params[:return_to]
    end
  end

  def back
    # ok: OPEN_REDIRECT
    redirect_to url_from(params[:return_to]) || root_path
  end

  def preview
    # ruleid: TEMPLATE_INJECTION
    render inline: params[:template]
  end

  def preview_fixed
    # ok: TEMPLATE_INJECTION
    render inline: "<p><%= @title %></p>"
  end

  def raw_body
    # ruleid: XSS
    response.body = "<p>#{params[:message]}</p>"
  end

  def download
    # ruleid: PATH_TRAVERSAL
    send_file Rails.root.join("exports", params[:file])
  end

  def download_safe
    # ok: PATH_TRAVERSAL
    send_file Rails.root.join("exports", File.basename(params[:file]))
  end

  def page
    # ruleid: PATH_TRAVERSAL
    render file: Rails.root.join("public", "pages", params[:page])
  end

  def page_fixed
    # ok: PATH_TRAVERSAL
    render file: Rails.root.join("public", "404.html")
  end

  def attach
    upload = params[:attachment]
    # ruleid: PATH_TRAVERSAL, UNSAFE_FILE_UPLOAD
    File.binwrite(Rails.root.join("public", "uploads", upload.original_filename), upload.read)
    redirect_to notes_path
  end

  def import
    # ruleid: MASS_ASSIGNMENT
    Note.create(params.require(:note).permit!)
    # ok: MASS_ASSIGNMENT
    Note.create(note_params)
    redirect_to notes_path
  end

  def theme
    theme = cookies.signed[:theme]
    # ok: PATH_TRAVERSAL
    send_file Rails.root.join("themes", "#{theme}.css")
  end

  private

  def set_note
    @note = Note.find(params[:id])
  end

  def note_params
    params.require(:note).permit(:title, :body)
  end
end
