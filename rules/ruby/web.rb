# Pages, redirects, headers and link previews.
require "open-uri"

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

  def back
    # ruleid: OPEN_REDIRECT
    redirect_to params[:return_to]
  end

  def back_v2
    # ok: OPEN_REDIRECT
    redirect_to url_from(params[:return_to]) || root_path
  end

  def update
    @page = Page.find(params[:id])
    if @page.update(page_params)
      # ok: OPEN_REDIRECT
      redirect_to page_path(@page, tab: params[:tab])
    else
      # ok: OPEN_REDIRECT
      redirect_to "/pages/#{params[:id]}/edit?error=1"
    end
  end

  def publish
    @page = Page.new(params.require(:page).permit(:title, :body))
    @page.save!
    # ok: OPEN_REDIRECT
    redirect_to page_url(@page)
  end

  def preview
    @page = Page.new(params.require(:page).permit(:title, :body))
    # ruleid: OPEN_REDIRECT
    redirect_to page_url(@page, host: params[:site])
  end

  def jump
    target = params[:to].to_s
    # ruleid: OPEN_REDIRECT
    redirect_to target if target.start_with?("/")
    # ok: OPEN_REDIRECT
    redirect_to target if target.start_with?("#{request.base_url}/")
  end

  def continue
    # ruleid: OPEN_REDIRECT
    redirect_to [params[:return_to], session[:last_page]].find(&:present?)
  end

  def cancel
    # ok: OPEN_REDIRECT
    redirect_to request.referer || root_path
  end

  def welcome
    # ruleid: OPEN_REDIRECT
    redirect_to "#{params[:next]}?welcome=1"
  end

  def download
    # ruleid: HEADER_INJECTION
    response.headers["Content-Disposition"] = "attachment; filename=#{params[:name]}"
    # ok: HEADER_INJECTION
    response.headers["Content-Disposition"] = "attachment; filename=#{params[:name].to_s.gsub(/[^\w.-]/, '_')}"
    head :ok
  end

  def preview
    # ruleid: SSRF
    body = URI.parse(params[:url]).open.read
    # ruleid: SSRF
    res = Net::HTTP.get_response(URI("https://#{params[:host]}/status"))
    # ok: SSRF
    rates = Net::HTTP.get_response(URI("https://api.example.com/rates?base=#{CGI.escape(params[:base].to_s)}"))
    # ok: SSRF
    Net::HTTP.get_response(URI("https://api.example.com/orders/#{params[:order_id]}"))
    render json: { size: body.bytesize, up: res.code, rates: rates.code }
  end
end
