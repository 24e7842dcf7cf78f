# A Sinatra app storing uploads: Rack hands `params[:file]` as a hash of
# `:filename`, `:type` and `:tempfile`.
require "sinatra/base"
require "fileutils"
require "securerandom"

class UploadApp < Sinatra::Base
  include FileUtils

  UPLOADS = File.expand_path("public/uploads", __dir__)

  post "/avatar" do
    tempfile = params[:file][:tempfile]
    filename = params[:file][:filename]
    # ruleid: UNSAFE_FILE_UPLOAD
    cp(tempfile.path, "#{UPLOADS}/#{filename}")
    # A read stores nothing.
    # ok: UNSAFE_FILE_UPLOAD
    size = File.open("#{UPLOADS}/#{File.basename(filename)}").size
    redirect "/?size=#{size}"
  end

  post "/document" do
    upload = params[:document]
    # ruleid: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
    FileUtils.mv(upload[:tempfile].path, File.join(UPLOADS, upload[:filename]))
    redirect "/"
  end

  post "/photo" do
    tempfile = params[:photo][:tempfile]
    # ok: UNSAFE_FILE_UPLOAD
    cp(tempfile.path, File.join(UPLOADS, "#{SecureRandom.uuid}.jpg"))
    redirect "/"
  end
end
