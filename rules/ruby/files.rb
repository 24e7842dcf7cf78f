# Downloads and uploads.
require "fileutils"

class FilesController < ApplicationController
  ROOT = Rails.root.join("storage", "files").to_s

  def show
    # ruleid: PATH_TRAVERSAL
    send_file File.join(ROOT, params[:name])
  end

  def show_v2
    # ok: PATH_TRAVERSAL
    send_file File.join(ROOT, File.basename(params[:name].to_s))
  end

  def read
    path = File.expand_path(params[:name].to_s, ROOT)
    return head(:not_found) unless path.start_with?(ROOT + File::SEPARATOR)

    # ok: PATH_TRAVERSAL
    render plain: File.read(path)
  end

  def report
    path = File.join(ROOT, "reports", params[:file].to_s)
    directly_inside = File.exist?(path) && File.dirname(path) == File.join(ROOT, "reports")
    if directly_inside
      # ok: PATH_TRAVERSAL
      send_file path
    else
      head :forbidden
    end
  end

  def remove
    # ruleid: PATH_TRAVERSAL
    File.delete(File.join(ROOT, "tmp", params[:file].to_s))
    head :no_content
  end

  def upload
    upload = params.require(:file)
    target = Rails.root.join("public", "uploads", File.basename(upload.original_filename))
    # ruleid: UNSAFE_FILE_UPLOAD
    File.open(target, "wb") { |f| f.write(upload.read) }
    stored = Rails.root.join("storage", "uploads", SecureRandom.uuid)
    # ok: UNSAFE_FILE_UPLOAD
    File.open(stored, "wb") { |f| f.write(upload.read) }
    head :created
  end

  # An extension has no separator: the file stays in the folder the code chose.
  # Rack's temporary file of an upload is named by Rack.
  def import_rows
    file_param = params.require(:csv)
    # ok: PATH_TRAVERSAL
    rows = File.read(file_param.tempfile.path)
    render plain: rows
  end

  def template
    extension = File.extname(params[:name].to_s)
    # ok: PATH_TRAVERSAL
    body = File.read(File.join(Rails.root, "templates", "default#{extension}"))
    # ruleid: PATH_TRAVERSAL
    body += File.read(File.join(Rails.root, "templates", "default-#{params[:label]}"))
    render plain: body
  end
end

# Every action here is for administrators only: the folder they name is theirs to choose.
class Admin::BackupsController < ApplicationController
  before_action :require_admin

  def create
    # ok: PATH_TRAVERSAL
    send_file File.join(params[:directory].to_s, "backup.tar")
  end
end

# A helper of the application's own named with `!` that always raises ends the request as `raise` would:
# the allow-list check before it vets the name; one that only logs does not.
class ReportFilesController < ApplicationController
  REPORTS = %w[daily weekly monthly].freeze

  def show
    name = params[:report]
    unless REPORTS.include?(name)
      refuse!("unknown report")
    end
    # ok: PATH_TRAVERSAL
    send_file Rails.root.join("reports", "#{name}.pdf")
  end

  def raw
    name = params[:report]
    unless REPORTS.include?(name)
      note_refusal!("unknown report")
    end
    # ruleid: PATH_TRAVERSAL
    send_file Rails.root.join("reports", "#{name}.pdf")
  end

  private

  def refuse!(message)
    raise ActionController::RoutingError, message
  end

  def note_refusal!(message)
    Rails.logger.warn(message)
  end
end

class MailAttachmentsController < ApplicationController
  # A record found by the request's id keeps the file where the application stored it.
  def show
    attachment = current_user.attachments.find(params[:id])
    # ok: PATH_TRAVERSAL
    send_file(attachment.file.path, disposition: "attachment")
    # ruleid: PATH_TRAVERSAL
    send_file(Find.find(params[:dir]).first)
  end

  # A dynamic finder that raises when nothing matches (`find_by_slug!`) gives a record as `find_by_slug` does.
  def download_all
    @bundle = Bundle.find_by_url_title!(params[:url_title])
    zip_path = @bundle.make_zip_cache_path(current_user)
    # ok: PATH_TRAVERSAL
    send_file(zip_path, filename: "#{@bundle.url_title}.zip")
  end

  # Active Storage's sanitised name has no separator left in it.
  def rename
    new_name = ActiveStorage::Filename.new(CGI.unescape(attachment_params[:filename])).sanitized
    # ok: PATH_TRAVERSAL
    File.rename(current_path, Rails.root.join("attachments", new_name).to_s)
    # ruleid: PATH_TRAVERSAL
    File.rename(current_path, Rails.root.join("attachments", CGI.unescape(attachment_params[:filename])).to_s)
  end

  private

  def attachment_params
    params.require(:attachment).permit(:filename)
  end
end
