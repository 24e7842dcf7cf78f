# Headers.

class PagesController < ApplicationController
  def download
    # ruleid: HEADER_INJECTION
    response.headers["Content-Disposition"] = "attachment; filename=#{params[:name]}"
    # ok: HEADER_INJECTION
    response.headers["Content-Disposition"] = "attachment; filename=#{params[:name].to_s.gsub(/[^\w.-]/, '_')}"
    head :ok
  end
end
