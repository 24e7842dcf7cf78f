# Pages.

class PagesController < ApplicationController
  def banner
    # ruleid: XSS
    render html: "<h1>#{params[:title]}</h1>".html_safe
    # ok: XSS
    render html: "<h1>#{ERB::Util.html_escape(params[:title])}</h1>".html_safe
  end

  def echo
    # ruleid: XSS
    response.body = "<p>No results for #{params[:q]}</p>"
    @note = Note.find(params[:id])
    # ok: XSS
    @note.body = params[:body]
    @note.save!
  end
end

# A body sent with a type that is not HTML, or a stored file sent through its Rack response (Shrine's
# `to_rack_response`, with the file's own type and disposition headers, as send_file sends it).
class DownloadsController < ApplicationController
  def show
    attachment = Upload.find(params[:id]).file(params[:derivative])
    status, headers, body = attachment.to_rack_response(disposition: :inline)
    self.status = status
    self.headers.merge!(headers)
    # ok: XSS
    self.response_body = body
  end

  def echo_text
    # ok: XSS
    response.body = "No results for #{params[:q]}"
    response.content_type = "text/plain"
  end

  def echo_page
    # ruleid: XSS
    response.body = "<p>No results for #{params[:q]}</p>"
    response.content_type = "text/html"
  end
end

# A QR code's picture: RQRCode draws the modules the text encodes (rects or table cells), none of the text.
class TwoFactorController < ApplicationController
  def new
    uri = ROTP::TOTP.new(session[:seed], issuer: params[:issuer]).provisioning_uri(params[:email])
    # ok: XSS
    @qr_svg = RQRCode::QRCode.new(uri, level: :l).as_svg(module_size: 6).html_safe
    qrcode = RQRCode::QRCode.new(params[:email])
    # ok: XSS
    @qr_table = qrcode.as_html.html_safe
    # ruleid: XSS
    @caption = "<p>#{uri}</p>".html_safe
  end
end

class ReportsController < ApplicationController
  # A value parsed as a date is a date, whatever the request sent.
  def since
    since = Date.parse(params[:since].to_s)
    # ok: XSS
    render html: "<p>Since #{since}</p>".html_safe
  end

  def until_day
    # ok: XSS
    render html: "<p>Until #{Time.zone.parse(params[:until].to_s).iso8601}</p>".html_safe
  end

  def for_day
    # ruleid: XSS
    render html: "<p>For #{params[:day]}</p>".html_safe
  end
end

class ArchiveFiltersController < ApplicationController
  # The option helpers escape each option; the selected value given to them is only compared.
  def filters
    # ok: XSS
    render html: ("<option></option>" + options_for_select(Locale.all.map(&:iso), params[:language_id])).html_safe
    # ruleid: XSS
    render html: ("<option>" + params[:language_id].to_s + "</option>").html_safe
  end

  # A page of a relation holds its records, whichever page the request asked for.
  def digest
    comments = Comment.reviewed.page(params[:page]).per(20)
    # ok: XSS
    render html: "<div>#{comments.map(&:sanitized_body).join}</div>".html_safe
    # ruleid: XSS
    render html: "<div>Page #{params[:page]}</div>".html_safe
  end

  # ActiveSupport's to_xml escapes each message it writes.
  def rename
    group = Group.new(params.require(:group).permit(:name))
    return if group.save
    # ok: XSS
    render html: group.errors.full_messages.to_xml(root: "errors", skip_types: true).html_safe, status: 409
    # ruleid: XSS
    render html: "<errors>#{group.errors.full_messages.join}#{params[:name]}</errors>".html_safe, status: 409
  end
end
