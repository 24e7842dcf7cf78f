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
